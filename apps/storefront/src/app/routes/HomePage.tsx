import { PageHeading } from '../../components/PageHeading';
import { AdTiles } from '../../features/catalogue/components/home/AdTiles';
import { BannerCarousel } from '../../features/catalogue/components/home/BannerCarousel';
import { CategoryGrid } from '../../features/catalogue/components/home/CategoryGrid';
import { FeaturedProductSections } from '../../features/catalogue/components/home/FeaturedProductSections';
import { Testimonials } from '../../features/catalogue/components/home/Testimonials';

/** /: banners, categories, the first featured row, ads, the other featured rows and testimonials (spec §2, Home). */
export function HomePage() {
  return (
    <>
      <PageHeading visuallyHidden documentTitle="Kapaas | Organic cotton clothing for little ones">
        Kapaas: organic cotton clothing for children
      </PageHeading>
      <BannerCarousel />
      <CategoryGrid />
      <FeaturedProductSections from={0} to={1} reportStatus />
      <AdTiles />
      <FeaturedProductSections from={1} />
      <Testimonials />
    </>
  );
}
