import type { Category } from '@kapaas/contract';
import { useEffect, useRef, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link, NavLink } from 'react-router';
import { paths } from '#storefront/lib/paths.ts';
import { useCategories } from '../../api/useCategories';

/** The desktop header's row of categories; each opens a menu of its subcategories on hover or with its arrow. */
export function CategoryNavBar() {
  const categories = useCategories();
  if (!categories.isSuccess) return null;

  return (
    <ul className="category-nav">
      {categories.data.map((category) => (
        <CategoryNavItem key={category.category_id} category={category} />
      ))}
    </ul>
  );
}

/** How long the menu stays after the pointer leaves, so it survives the pointer crossing the gap to the menu. */
const HOVER_CLOSE_DELAY_MS = 200;

function CategoryNavItem({ category }: { category: Category }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const openOnHover = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const closeAfterHover = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
  };
  const categoryLink = (
    <NavLink className="category-nav__link" to={paths.category(category.category_id)}>
      {category.category_name}
    </NavLink>
  );

  if (category.subcategory.length === 0) return <li className="category-nav__item">{categoryLink}</li>;

  return (
    <Dropdown
      as="li"
      className="category-nav__item"
      show={open}
      onToggle={(next) => setOpen(next)}
      onMouseEnter={openOnHover}
      onMouseLeave={closeAfterHover}
    >
      {categoryLink}
      <Dropdown.Toggle
        id={`category-nav-${category.category_id}`}
        variant="link"
        className="category-nav__toggle"
        aria-label={`${category.category_name} subcategories`}
      />
      <Dropdown.Menu className="category-nav__menu">
        {category.subcategory.map((subcategory) => (
          <Dropdown.Item
            as={Link}
            key={subcategory.subcategory_id}
            to={paths.subcategory(subcategory.subcategory_id)}
            onClick={() => setOpen(false)}
          >
            {subcategory.subcategory_name}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
