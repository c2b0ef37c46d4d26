import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { CategoryQuickLinks } from '../../features/catalogue/components/nav/CategoryQuickLinks';
import { paths } from '../../lib/paths';

/**
 * The sign-up form and its checks (react-hook-form, zod) load apart from the page's first files: the server sends its
 * HTML with the page, and it comes alive when its code arrives.
 */
const NewsletterSignup = lazy(() =>
  import('../../features/newsletter/components/NewsletterSignup').then((module) => ({
    default: module.NewsletterSignup,
  })),
);

const INFORMATION_LINKS = [
  { to: paths.privacy, label: 'Privacy Notice' },
  { to: paths.shippingPolicy, label: 'Shipping Policy' },
  { to: paths.refundPolicy, label: 'Refund Policy' },
  { to: paths.termsConditions, label: 'Terms & Conditions' },
  { to: paths.shippingReturns, label: 'Shipping & Returns' },
] as const;

const ABOUT_LINKS = [
  { to: paths.about, label: 'Our Story' },
  { to: paths.contact, label: 'Contact Us' },
  { to: paths.trackOrder, label: 'Track Your Order' },
] as const;

/** The shop's footer: brand, information pages, about links, category quick links, newsletter and copyright. */
export function SiteFooter() {
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4">
          <div className="col-md-12 col-lg-3">
            <Logo />
            <p className="site-footer__tagline">
              Soft, breathable clothing for babies and children, made of GOTS certified organic cotton.
            </p>
          </div>
          <nav className="col-6 col-md-4 col-lg-2" aria-labelledby="footer-information">
            <h2 id="footer-information" className="site-footer__heading">
              Information
            </h2>
            <ul className="footer-links">
              {INFORMATION_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className="col-6 col-md-4 col-lg-2" aria-labelledby="footer-about">
            <h2 id="footer-about" className="site-footer__heading">
              About Us
            </h2>
            <ul className="footer-links">
              {ABOUT_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className="col-6 col-md-4 col-lg-2" aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="site-footer__heading">
              Quick Links
            </h2>
            <CategoryQuickLinks />
          </nav>
          <section className="col-12 col-md-8 col-lg-3" aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="site-footer__heading">
              Stay in touch
            </h2>
            <Suspense fallback={null}>
              <NewsletterSignup />
            </Suspense>
          </section>
        </div>
        <p className="site-footer__copyright">© {year} Kapaas</p>
      </div>
    </footer>
  );
}
