import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { AccountIcon } from '../../components/icons';
import { useIdentity } from '../../lib/session';
import './accountMenu.css';
import { paths } from '../../lib/paths';

/**
 * The account icon (product.md §2): logged out, a menu of Login, My Profile and Sign Up; logged in as a user or guest,
 * a "Welcome {name}" link to the profile.
 */
export function AccountMenu() {
  const identity = useIdentity();

  if (identity.kind !== 'anonymous') {
    return (
      <Link to={paths.profile} className="account-welcome">
        <AccountIcon />
        <span className="account-welcome__text">Welcome {identity.name}</span>
      </Link>
    );
  }

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        id="account-menu"
        variant="link"
        className="icon-button account-menu__toggle"
        aria-label="Account"
      >
        <AccountIcon />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to={paths.login}>
          Login
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.profile}>
          My Profile
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.register}>
          Sign Up
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
