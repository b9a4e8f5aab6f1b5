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

/**
 * `optimistic`: on a signed-in route the links are drawn while the user is still unknown (the
 * signed-in shell, docs/ARCHITECTURE.md "The signed-in shell"), with a placeholder of the avatar's
 * size, so nothing moves when the user arrives; a signed-out visitor is sent to /login anyway.
 */
function TopLinks({ optimistic }: { optimistic: boolean }) {
  const { user } = useCurrentUser();
  if (user === undefined && !optimistic) return null;
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
        {user ? <Avatar user={user} size={34} label="" /> : <span className="avatar avatar-placeholder" />}
      </NavLink>
    </>
  );
}

/** Plan, Groceries and the avatar (or a Login link once the server says signed out). */
export function SignedInNav({ optimistic = false }: { optimistic?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TopLinks optimistic={optimistic} />
    </QueryClientProvider>
  );
}

const TABS = [
  { to: '/recipes', label: 'Recipes', Icon: MenuBookIcon },
  { to: '/agenda', label: 'Agenda', Icon: CalendarIcon },
  { to: '/groceries', label: 'Groceries', Icon: CartIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
];

function BottomTabs({ optimistic }: { optimistic: boolean }) {
  const { user } = useCurrentUser();
  if (user === null || (user === undefined && !optimistic)) return null;
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
export function BottomNav({ optimistic = false }: { optimistic?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BottomTabs optimistic={optimistic} />
    </QueryClientProvider>
  );
}
