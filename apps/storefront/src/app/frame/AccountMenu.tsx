import { Link } from 'react-router';
import { AccountIcon } from '../../components/icons';
import { useDisclosure } from '../../components/menu/useDisclosure';
import { useIdentity } from '../../lib/session';
import './accountMenu.css';
import { paths } from '../../lib/paths';

/**
 * The account icon (product.md §2): logged out, a menu of Login, My Profile and Sign Up; logged in as a user or guest,
 * a "Welcome {name}" link to the profile.
 */
export function AccountMenu() {
  const identity = useIdentity();
  const menu = useDisclosure<HTMLDivElement>();

  if (identity.kind !== 'anonymous') {
    return (
      <Link to={paths.profile} className="account-welcome">
        <AccountIcon />
        <span className="account-welcome__text">Welcome {identity.name}</span>
      </Link>
    );
  }

  const close = () => menu.setOpen(false);
  return (
    <div className="dropdown" ref={menu.rootRef}>
      <button
        type="button"
        className={`dropdown-toggle btn btn-link icon-button account-menu__toggle${menu.open ? ' show' : ''}`}
        aria-label="Account"
        aria-expanded={menu.open}
        aria-controls="account-menu"
        onClick={() => menu.setOpen(!menu.open)}
      >
        <AccountIcon />
      </button>
      <ul
        id="account-menu"
        className={`dropdown-menu dropdown-menu-end${menu.open ? ' show' : ''}`}
        data-bs-popper="static"
        hidden={!menu.open}
      >
        <li>
          <Link className="dropdown-item" to={paths.login} onClick={close}>
            Login
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.profile} onClick={close}>
            My Profile
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to={paths.register} onClick={close}>
            Sign Up
          </Link>
        </li>
      </ul>
    </div>
  );
}
