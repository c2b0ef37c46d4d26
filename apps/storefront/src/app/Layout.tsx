import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { SiteFooter } from './frame/SiteFooter';
import { SiteHeader } from './frame/SiteHeader';

/** The frame around every page: header, the page itself and footer. */
export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();

  // A new page starts at its top. Not the page the server sent: the shopper may have scrolled it before the scripts
  // arrived (they start after the first paint), and hydrating must not throw them back to the top.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current !== pathname) scrollTo(0, 0);
    shownPath.current = pathname;
  }, [pathname]);

  return (
    <>
      <a className="skip-link visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
