import { NavLink } from 'react-router';
import { paths } from '#storefront/lib/paths.ts';
import { useCategories } from '../../api/useCategories';

interface CategoryMenuProps {
  /** Called after the shopper follows a link, so the surrounding drawer can close. */
  onNavigate: () => void;
}

/** Every category with its subcategories as a plain nested list, for the mobile menu drawer. */
export function CategoryMenu({ onNavigate }: CategoryMenuProps) {
  const categories = useCategories();
  if (!categories.isSuccess) return null;

  return (
    <ul className="category-menu">
      {categories.data.map((category) => (
        <li key={category.category_id}>
          <NavLink className="category-menu__category" to={paths.category(category.category_id)} onClick={onNavigate}>
            {category.category_name}
          </NavLink>
          {category.subcategory.length > 0 && (
            <ul className="category-menu__subcategories">
              {category.subcategory.map((subcategory) => (
                <li key={subcategory.subcategory_id}>
                  <NavLink to={paths.subcategory(subcategory.subcategory_id)} onClick={onNavigate}>
                    {subcategory.subcategory_name}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
