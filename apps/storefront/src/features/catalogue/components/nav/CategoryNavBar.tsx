import type { Category } from '@kapaas/contract';
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useDisclosure } from '#storefront/components/menu/useDisclosure.ts';
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
  const { open, setOpen, rootRef } = useDisclosure<HTMLLIElement>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A mouse opens the menu on its way to the arrow: its click then keeps the menu open rather than closing it.
  const openedByHover = useRef(false);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const openOnHover = () => {
    clearTimeout(closeTimer.current);
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const closeAfterHover = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, HOVER_CLOSE_DELAY_MS);
  };
  const toggle = () => {
    setOpen(openedByHover.current || !open);
    openedByHover.current = false;
  };
  const categoryLink = (
    <NavLink className="category-nav__link" to={paths.category(category.category_id)}>
      {category.category_name}
    </NavLink>
  );

  if (category.subcategory.length === 0) return <li className="category-nav__item">{categoryLink}</li>;

  const menuId = `category-nav-${category.category_id}`;
  return (
    <li className="category-nav__item dropdown" ref={rootRef} onMouseEnter={openOnHover} onMouseLeave={closeAfterHover}>
      {categoryLink}
      <button
        type="button"
        className={`dropdown-toggle btn btn-link category-nav__toggle${open ? ' show' : ''}`}
        aria-label={`${category.category_name} subcategories`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      />
      <ul
        id={menuId}
        className={`dropdown-menu category-nav__menu${open ? ' show' : ''}`}
        data-bs-popper="static"
        hidden={!open}
      >
        {category.subcategory.map((subcategory) => (
          <li key={subcategory.subcategory_id}>
            <Link
              className="dropdown-item"
              to={paths.subcategory(subcategory.subcategory_id)}
              onClick={() => setOpen(false)}
            >
              {subcategory.subcategory_name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
