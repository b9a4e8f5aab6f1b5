import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser';
import { Avatar } from '../ui/Avatar';
import {
  CameraIcon,
  ChevronLeftIcon,
  ExtensionIcon,
  LockIcon,
  LogoutIcon,
  PersonIcon,
} from '../ui/icons-more';
import { fullName } from '../users/display-name';
import { AvatarModal } from './AvatarModal';
import './settings.css';

const MENU = [
  { to: '/settings/profile', label: 'My Profile', Icon: PersonIcon },
  { to: '/settings/chrome-extension', label: 'Chrome Extension', Icon: ExtensionIcon },
  { to: '/change-password', label: 'Change Password', Icon: LockIcon },
  { to: '/logout', label: 'Logout', Icon: LogoutIcon },
];

/** The side menu of SPEC §2 "Settings": the avatar, then the four entries. */
export function SettingsMenu() {
  const { user } = useCurrentUser();
  const [avatarOpen, setAvatarOpen] = useState(false);
  return (
    <nav className="settings-menu" aria-label="Settings">
      {user && (
        <div className="settings-who">
          <button
            type="button"
            className="avatar-button"
            onClick={() => setAvatarOpen(true)}
            aria-label="Change profile picture"
          >
            <Avatar user={user} size={72} label="" />
            <span className="avatar-button-badge" aria-hidden="true">
              <CameraIcon width={16} height={16} />
            </span>
          </button>
          <div className="settings-who-text">
            <strong>{fullName(user)}</strong>
            <span>{user.email}</span>
          </div>
        </div>
      )}
      <AvatarModal open={avatarOpen} onClose={() => setAvatarOpen(false)} />
      <ul>
        {MENU.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className="settings-link">
              <Icon width={20} height={20} />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A settings page: the side menu beside the content on wide screens; on phones the content
 * alone, with a way back to the menu (which is the /settings page there).
 */
export function SettingsLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="settings">
      <aside className="settings-aside">
        <SettingsMenu />
      </aside>
      <div className="settings-main">
        <Link to="/settings" className="settings-back">
          <ChevronLeftIcon width={20} height={20} />
          Settings
        </Link>
        <h1 className="settings-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
