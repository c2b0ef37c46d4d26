import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { WelcomeToast } from '../../components/popups/WelcomeToast';
import { AdTiles } from '../../features/catalogue/components/home/AdTiles';
import { BannerCarousel } from '../../features/catalogue/components/home/BannerCarousel';
import { CategoryGrid } from '../../features/catalogue/components/home/CategoryGrid';
import { FeaturedProductSections } from '../../features/catalogue/components/home/FeaturedProductSections';
import { Testimonials } from '../../features/catalogue/components/home/Testimonials';
import { QualityBadges } from '../../features/content/components/QualityBadges';
import { wishlistHeart } from '../cardActions';
import { pageMeta } from '../seo/pageMeta';
import { homeLoader, type PageData } from '../server/pageLoaders';

/** /: banners, categories, the quality badges, the first featured row, ads, the other featured rows and testimonials (product.md §2, Home). */
export function HomePage() {
  return (
    <>
      <PageHeading visuallyHidden documentTitle="Kapaas | Organic cotton clothing for little ones">
        Kapaas: organic cotton clothing for children
      </PageHeading>
      <WelcomeToast />
      <BannerCarousel />
      <CategoryGrid />
      <QualityBadges />
      <FeaturedProductSections from={0} to={1} reportStatus cardActions={wishlistHeart} />
      <AdTiles />
      <FeaturedProductSections from={1} cardActions={wishlistHeart} />
      <Testimonials />
    </>
  );
}

export const loader = homeLoader;

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Kapaas | Organic cotton clothing for little ones' });

export default HomePage;
