import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The product.md §8 identity notice, e.g. 'No user or guest session found. Please log in.' */
export const NO_SESSION_MESSAGE = 'No user or guest session found. Please log in.';

interface SessionNoticeProps {
  message?: string;
}

/** Shown instead of a page that needs a user or guest when there is none, with the way to log in. */
export function SessionNotice({ message = NO_SESSION_MESSAGE }: SessionNoticeProps) {
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="status">
      <span className="me-auto">{message}</span>
      <Link to={paths.login} className="btn btn-primary btn-sm">
        Login
      </Link>
    </div>
  );
}
