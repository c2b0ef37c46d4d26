import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '#storefront/lib/paths.ts';
import { returnPaths } from '#storefront/lib/returnPaths.ts';

interface ProfileSidebarProps {
  name: string;
  /** The Logout control, composed in by the page (it belongs to the account feature). */
  logout: ReactNode;
}

const LINKS = [
  { to: paths.profile, label: 'My Profile' },
  { to: paths.orders, label: 'Orders' },
  { to: returnPaths.returns, label: 'Returns' },
  { to: paths.wishlist, label: 'Wishlist' },
  { to: paths.coupons, label: 'Coupons' },
  { to: paths.privacyRequest, label: 'Privacy requests' },
];

/**
 * The profile's sidebar (product.md §2): the first letter of the name, then My Profile, Orders, Returns, Wishlist,
 * Coupons, Privacy requests (the DPDP Act's rights, issue 35), Logout.
 */
export function ProfileSidebar({ name, logout }: ProfileSidebarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <aside className="profile-sidebar" aria-label="Your account">
      <div className="profile-sidebar__who">
        <span className="profile-sidebar__initial" aria-hidden="true">
          {initial}
        </span>
        <span className="profile-sidebar__name">{name}</span>
      </div>
      <nav aria-label="Account pages">
        <ul className="profile-sidebar__links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className="profile-sidebar__link">
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>{logout}</li>
        </ul>
      </nav>
    </aside>
  );
}
