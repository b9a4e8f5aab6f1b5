import { NavLink } from 'react-router';

/** The only navigation a visitor sees (docs/BEHAVIOUR.md §6). */
export function LoginLink() {
  return (
    <NavLink to="/login" className="topnav-link topnav-login">
      Login
    </NavLink>
  );
}
