import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { CartLink } from '../../features/cart/components/CartLink';
import { CategoryMenu } from '../../features/catalogue/components/nav/CategoryMenu';
import { CategoryNavBar } from '../../features/catalogue/components/nav/CategoryNavBar';
import { WishlistLink } from '../../features/wishlist/components/WishlistLink';
import { paths } from '../../lib/paths';
import { useScrolledPast } from '../../lib/useScrolledPast';
import { AccountMenu } from './AccountMenu';
import { SearchButton } from './SearchButton';

/** The header sticks to the top of the window once the shopper has scrolled this far (product.md §9). */
const STICKY_AFTER_PX = 70;

const MOBILE_MENU_ID = 'site-mobile-menu';

/** The shop's header: menu button (mobile), logo, shopping icons and the category navigation. */
export function SiteHeader() {
  const sticky = useScrolledPast(STICKY_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={`site-header${sticky ? ' site-header--sticky' : ''}`}>
      <div className="container site-header__bar">
        <button
          type="button"
          className="icon-button d-lg-none"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          aria-controls={MOBILE_MENU_ID}
          aria-expanded={menuOpen}
        >
          <MenuIcon />
        </button>
        <Link to={paths.home} className="site-header__brand" aria-label="Kapaas home">
          <Logo />
        </Link>
        <div className="site-header__actions">
          <SearchButton />
          <AccountMenu />
          <WishlistLink />
          <CartLink />
        </div>
      </div>
      <nav className="site-header__nav d-none d-lg-block" aria-label="Categories">
        <div className="container">
          <CategoryNavBar />
        </div>
      </nav>
      <Offcanvas
        id={MOBILE_MENU_ID}
        show={menuOpen}
        onHide={closeMenu}
        placement="start"
        aria-labelledby="site-mobile-menu-title"
      >
        <Offcanvas.Header closeButton closeLabel="Close menu">
          <Offcanvas.Title as="h2" id="site-mobile-menu-title">
            Menu
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <nav aria-label="Categories">
            <CategoryMenu onNavigate={closeMenu} />
          </nav>
        </Offcanvas.Body>
      </Offcanvas>
    </header>
  );
}
