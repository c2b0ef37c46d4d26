import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { SiteFooter } from './frame/SiteFooter';
import { SiteHeader } from './frame/SiteHeader';

/** The frame around every page: header, the page itself and footer. */
export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every route change
  useEffect(() => {
    window.scrollTo(0, 0);
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
