import { Link } from 'react-router';
import { paths } from '#storefront/lib/paths.ts';
import { useCategories } from '../../api/useCategories';

/** The footer's quick links are the seventh to ninth categories of the list (product.md §2). */
const QUICK_LINK_RANGE = [6, 9] as const;

/** A few category links for the footer's "Quick Links" column. */
export function CategoryQuickLinks() {
  const categories = useCategories();
  if (!categories.isSuccess) return null;

  return (
    <ul className="footer-links">
      {categories.data.slice(...QUICK_LINK_RANGE).map((category) => (
        <li key={category.category_id}>
          <Link to={paths.category(category.category_id)}>{category.category_name}</Link>
        </li>
      ))}
    </ul>
  );
}
