import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { AboutContent } from '../../features/content/pages/AboutContent';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /about: the brand story, mission, what makes Kapaas different and its vision (product.md §2). */
export function AboutPage() {
  return (
    <div className="container page">
      <PageHeading>About Us</PageHeading>
      <AboutContent />
    </div>
  );
}

export const loader = staticLoader(
  paths.about,
  'About Us | Kapaas',
  'The story of Kapaas: organic cotton clothing for babies and children, made in India.',
);

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'About Us | Kapaas' });

export default AboutPage;
