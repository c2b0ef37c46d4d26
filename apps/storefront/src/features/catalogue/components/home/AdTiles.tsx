import { useId } from 'react';
import { ContentLink } from '#storefront/components/ContentLink.tsx';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { formatRupees } from '#storefront/lib/money.ts';
import { useAds } from '../../api/useAds';
import { AD_STARTING_PRICE_RUPEES } from '../../constants';

/** The row of promotional tiles between the home page's product rows. */
export function AdTiles() {
  const headingId = useId();
  const ads = useAds();

  if (ads.isSuccess && ads.data.length === 0) return null;

  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="visually-hidden">
          Special offers
        </h2>
        {ads.isPending && <LoadingState label="Loading offers" />}
        {ads.isError && <QueryErrorAlert error={ads.error} onRetry={() => ads.refetch()} />}
        {ads.isSuccess && (
          <ul className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4 list-unstyled mb-0">
            {ads.data.map((ad) => (
              <li className="col" key={ad.id}>
                <article className="ad-tile">
                  {/* The tile's text names the offer; the picture behind it is decoration. */}
                  <img
                    className="ad-tile__image"
                    src={ad.image}
                    alt=""
                    width={600}
                    height={600}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="ad-tile__body">
                    <h3 className="ad-tile__title">{ad.main_title}</h3>
                    <p className="ad-tile__subtitle">{ad.title}</p>
                    <p className="ad-tile__price">Starting at {formatRupees(AD_STARTING_PRICE_RUPEES)}</p>
                    {ad.link && (
                      <ContentLink href={ad.link} className="btn btn-light btn-sm stretched-link">
                        Shop now<span className="visually-hidden">: {ad.main_title}</span>
                      </ContentLink>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
