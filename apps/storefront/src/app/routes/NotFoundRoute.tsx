import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';
import { notFound } from '../server/readAhead';

/** Any address the shop does not have: the not-found page, answered with status 404. */
export function loader(): never {
  throw notFound();
}

export const meta = () => pageMeta({ title: 'Page not found | Kapaas', noindex: true });

export default NotFoundPage;
