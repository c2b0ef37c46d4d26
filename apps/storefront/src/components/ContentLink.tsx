import { isLinkUrl } from '@kapaas/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ContentLinkProps {
  /** A link set in the admin console: a path inside the shop ("/category-page/3") or a full web address. */
  href: string;
  className?: string;
  children: ReactNode;
}

/**
 * Follows shop paths inside the app and opens full web addresses as ordinary links. A link the
 * contract refuses (stored before it did: `//host`, `/\host`) is shown as text, never followed.
 */
export function ContentLink({ href, className, children }: ContentLinkProps) {
  if (!isLinkUrl(href)) return <span className={className}>{children}</span>;
  if (/^https:\/\//i.test(href)) {
    return (
      <a href={href} className={className} rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}
