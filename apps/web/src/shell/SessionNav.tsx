/**
 * The parts of the frame that depend on who is signed in. Loaded lazily: public pages seen by a
 * visitor without a session never download this chunk or react-query.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { queryClient } from '../account';
import { useCurrentUser } from '../account';
import { Avatar } from '../ui';
import { CalendarIcon, CartIcon, MenuBookIcon } from '../ui';
import { SettingsIcon } from '../ui';
import { LoginLink } from './LoginLink';

function TopLinks() {
  const { user } = useCurrentUser();
  if (user === undefined) return null;
  if (user === null) return <LoginLink />;
  return (
    <>
      <NavLink to="/plan" className="topnav-link">
        Plan
      </NavLink>
      <NavLink to="/groceries" className="topnav-link">
        Groceries
      </NavLink>
      <NavLink to="/settings/profile" className="topnav-avatar" aria-label="My profile" title="My profile">
        <Avatar user={user} size={34} label="" />
      </NavLink>
    </>
  );
}

/** Plan, Groceries and the avatar (or a Login link once the server says signed out). */
export function SignedInNav() {
  return (
    <QueryClientProvider client={queryClient}>
      <TopLinks />
    </QueryClientProvider>
  );
}

const TABS = [
  { to: '/recipes', label: 'Recipes', Icon: MenuBookIcon },
  { to: '/agenda', label: 'Agenda', Icon: CalendarIcon },
  { to: '/groceries', label: 'Groceries', Icon: CartIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
];

function BottomTabs() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <nav className="bottomnav" aria-label="Sections">
      {TABS.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} className="bottomnav-link">
          <Icon />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

/** The phone's bottom navigation (docs/BEHAVIOUR.md §2): Recipes, Agenda, Groceries, Settings. */
export function BottomNav() {
  return (
    <QueryClientProvider client={queryClient}>
      <BottomTabs />
    </QueryClientProvider>
  );
}
