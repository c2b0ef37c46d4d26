import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: string;
  /** Where "Back" leads, with its label ("All products"). */
  back?: { to: string; label: string };
  /** Buttons on the right, such as "Add product". */
  actions?: ReactNode;
}

/** A screen's title, with the way back and its main actions. */
export function PageHeader({ title, back, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      {back && (
        <Link to={back.to} className="page-header__back">
          ← {back.label}
        </Link>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 className="page-header__title me-auto">{title}</h1>
        {actions}
      </div>
    </header>
  );
}
