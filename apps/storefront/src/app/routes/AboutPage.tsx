import { PageHeading } from '../../components/PageHeading';
import { AboutContent } from '../../features/content/pages/AboutContent';

/** /about: the brand story, mission, what makes Kapaas different and its vision (product.md §2). */
export function AboutPage() {
  return (
    <div className="container page">
      <PageHeading>About Us</PageHeading>
      <AboutContent />
    </div>
  );
}
