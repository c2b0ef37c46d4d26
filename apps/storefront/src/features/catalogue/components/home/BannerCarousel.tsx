import type { Banner } from '@kapaas/contract';
import { useId } from 'react';
import { preload } from 'react-dom';
import { ContentLink } from '#storefront/components/ContentLink.tsx';
import { Carousel } from '#storefront/components/carousel/Carousel.tsx';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { SafeHtml } from '#storefront/components/SafeHtml.tsx';
import { useBanners } from '../../api/useBanners';
import { BANNER_AUTOPLAY_MS } from '../../constants';

/** The full-width slideshow at the top of the home page. */
export function BannerCarousel() {
  const headingId = useId();
  const banners = useBanners();

  if (banners.isSuccess && banners.data.length === 0) return null;

  return (
    <section className="home-banners" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Featured collections
      </h2>
      {banners.isPending && <LoadingState label="Loading banners" className="home-banners__placeholder" />}
      {banners.isError && (
        <div className="container py-4">
          <QueryErrorAlert error={banners.error} onRetry={() => banners.refetch()} />
        </div>
      )}
      {banners.isSuccess && (
        <Carousel
          items={banners.data}
          getKey={(banner) => banner.banner_id}
          renderSlide={(banner, index) => <BannerSlide banner={banner} isFirst={index === 0} />}
          slideName="banner"
          autoplayMs={BANNER_AUTOPLAY_MS}
          loop
          showDots
          className="home-banners__carousel"
        />
      )}
    </section>
  );
}

const MOBILE = '(max-width: 575.98px)';
const WIDER = '(min-width: 576px)';

/** The first banner is the largest thing on a phone's first screen: its picture is asked for before the scripts. */
function preloadFirstBanner(banner: Banner) {
  preload(banner.mobile_image, { as: 'image', fetchPriority: 'high', media: MOBILE });
  preload(banner.banner_image, { as: 'image', fetchPriority: 'high', media: WIDER });
}

function BannerSlide({ banner, isFirst }: { banner: Banner; isFirst: boolean }) {
  if (isFirst) preloadFirstBanner(banner);
  return (
    <div className="banner">
      <picture>
        <source media={MOBILE} srcSet={banner.mobile_image} width={800} height={1000} />
        {/* The caption beside the picture says what it shows, so the picture itself is decoration. */}
        <img
          className="banner__image"
          src={banner.banner_image}
          alt=""
          width={1600}
          height={600}
          loading={isFirst ? 'eager' : 'lazy'}
          fetchPriority={isFirst ? 'high' : 'auto'}
        />
      </picture>
      <div className="banner__caption">
        <h3 className="banner__title">{banner.title}</h3>
        <SafeHtml className="banner__text" html={banner.description} />
        {banner.link && (
          <ContentLink href={banner.link} className="btn btn-primary">
            Shop now<span className="visually-hidden">: {banner.title}</span>
          </ContentLink>
        )}
      </div>
    </div>
  );
}
