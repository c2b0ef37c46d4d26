import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { AccountIcon } from '../../components/icons';

/** The account icon's menu for a shopper who is not logged in (spec §2); the identity issue adds the logged-in state. */
export function AccountMenu() {
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
        <Dropdown.Item as={Link} to="/Login-Page">
          Login
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/myprofile">
          My Profile
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/Register-Page">
          Sign Up
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
