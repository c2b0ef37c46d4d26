import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, NavLink, Outlet } from 'react-router';
import { useLogout } from '../features/auth/api/useLogout';
import { noticePath } from '../features/notice/api/useNotice';
import { privacyPaths } from '../features/privacy/api/usePrivacy';
import { whatsAppInboxPath } from '../features/whatsapp/api/useWhatsAppInbox';
import { whatsAppTemplatesPath } from '../features/whatsapp/api/useWhatsAppTemplates';
import { paths } from '../lib/paths';
import type { AdminSession } from '../lib/session';

interface NavItem {
  to: string;
  label: string;
  ownerOnly?: boolean;
}

/** The console's sections, grouped the way the owner thinks of the shop. */
const NAVIGATION: { heading: string; items: NavItem[] }[] = [
  {
    heading: 'Sales',
    items: [
      { to: '/', label: 'Dashboard' },
      { to: paths.reports, label: 'Reports' },
      { to: paths.orders, label: 'Orders' },
      { to: paths.undelivered, label: 'Undelivered' },
      { to: paths.returns, label: 'Returns' },
      { to: '/customers', label: 'Customers' },
      { to: '/coupons', label: 'Coupons' },
      { to: '/reviews', label: 'Reviews' },
      { to: paths.messages, label: 'Messages' },
      { to: paths.outbox, label: 'Messages sent' },
      { to: whatsAppInboxPath, label: 'WhatsApp inbox', ownerOnly: true },
      { to: '/newsletter', label: 'Newsletter' },
    ],
  },
  {
    heading: 'Catalogue',
    items: [
      { to: paths.products, label: 'Products' },
      { to: '/categories', label: 'Categories' },
      { to: '/subcategories', label: 'Subcategories' },
      { to: '/sizes', label: 'Sizes' },
      { to: paths.sizeCharts, label: 'Size charts' },
      { to: '/patterns', label: 'Prints' },
      { to: '/genders', label: 'Genders' },
    ],
  },
  {
    heading: 'Home page',
    items: [
      { to: '/banners', label: 'Banners' },
      { to: '/featured-sections', label: 'Featured sections' },
      { to: '/ads', label: 'Ads' },
      { to: '/testimonials', label: 'Testimonials' },
    ],
  },
  {
    // India's DPDP Act (issue 35): the owner's duties to the people whose data the shop keeps.
    heading: 'Privacy',
    items: [
      { to: noticePath, label: 'Privacy notice', ownerOnly: true },
      { to: privacyPaths.requests, label: 'Rights requests', ownerOnly: true },
      { to: privacyPaths.breaches, label: 'Breaches', ownerOnly: true },
    ],
  },
  {
    heading: 'Shop',
    items: [
      { to: paths.settings, label: 'Settings', ownerOnly: true },
      { to: whatsAppTemplatesPath, label: 'WhatsApp templates', ownerOnly: true },
      { to: paths.shippingZones, label: 'Shipping zones', ownerOnly: true },
      { to: '/states', label: 'States' },
      { to: '/cities', label: 'Cities' },
      { to: '/team', label: 'Team', ownerOnly: true },
      { to: '/audit-log', label: 'Audit log' },
      { to: paths.account, label: 'My account' },
    ],
  },
];

/** The frame of every signed-in screen: the top bar, the sections (a drawer below laptop width) and the page. */
export function Layout({ session }: { session: AdminSession }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  const isOwner = session.admin.role === 'owner';

  return (
    <div className="admin-shell">
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to the page
      </a>
      <header className="admin-topbar">
        <Button
          variant="outline-light"
          size="sm"
          className="d-lg-none"
          aria-controls="admin-menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          Menu
        </Button>
        <span className="admin-topbar__brand">Kapaas admin</span>
        <Link
          to={paths.account}
          className="admin-topbar__who ms-auto d-none d-sm-inline"
          aria-label={`My account: ${session.admin.name}${session.admin.role === 'staff' ? ' · staff' : ''}`}
        >
          {session.admin.name}
          {session.admin.role === 'staff' && <span className="opacity-75"> · staff</span>}
        </Link>
        <a className="btn btn-sm btn-outline-light" href="/" target="_blank" rel="noreferrer">
          View shop
        </a>
        <Button variant="light" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Log out
        </Button>
      </header>
      <div className="admin-body">
        <Offcanvas
          id="admin-menu"
          show={menuOpen}
          onHide={() => setMenuOpen(false)}
          responsive="lg"
          className="admin-sidebar"
          aria-label="Sections"
        >
          <Offcanvas.Header closeButton>
            <Offcanvas.Title as="span">Kapaas admin</Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <nav aria-label="Sections" className="w-100">
              {NAVIGATION.map((group) => {
                const items = group.items.filter((item) => isOwner || !item.ownerOnly);
                if (items.length === 0) return null;
                return (
                  <div key={group.heading} className="admin-nav__group">
                    <h2 className="admin-nav__heading">{group.heading}</h2>
                    <ul className="list-unstyled mb-0">
                      {items.map((item) => (
                        <li key={item.to}>
                          <NavLink
                            to={item.to}
                            end={item.to === '/'}
                            className="admin-nav__link"
                            onClick={() => setMenuOpen(false)}
                          >
                            {item.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </nav>
          </Offcanvas.Body>
        </Offcanvas>
        <main id="main" className="admin-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
