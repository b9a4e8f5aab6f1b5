import { useContext, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useCurrentUser } from '../account';
import { DataSessionContext } from '../data';
import { pushBeforeSignOut, unsavedQuestion } from '../data';
import { ConfirmDialog } from '../ui';
import { Avatar } from '../ui';
import { CameraIcon, ChevronLeftIcon, ExtensionIcon, LockIcon, LogoutIcon, PersonIcon } from '../ui';
import { fullName } from '../users';
import { AvatarModal } from './AvatarModal';
import './settings.css';

const MENU = [
  { to: '/settings/profile', label: 'My Profile', Icon: PersonIcon },
  { to: '/settings/chrome-extension', label: 'Chrome Extension', Icon: ExtensionIcon },
  { to: '/change-password', label: 'Change Password', Icon: LockIcon },
];

/**
 * 'Logout': pushes what is not saved yet before the session ends (docs/SYNC.md "Signing out"), and
 * asks before throwing away what could not be pushed (offline, or the server not answering).
 */
function LogoutLink() {
  const session = useContext(DataSessionContext);
  const navigate = useNavigate();
  const [state, setState] = useState<{ saving: boolean; unsaved: number }>({ saving: false, unsaved: 0 });
  const signOut = async (event: React.MouseEvent) => {
    if (!session) return; // outside the signed-in pages: /logout does it all
    event.preventDefault();
    if (state.saving) return;
    setState({ saving: true, unsaved: 0 });
    const unsaved = await pushBeforeSignOut(session.store);
    if (unsaved === 0) void navigate('/logout');
    else setState({ saving: false, unsaved });
  };
  return (
    <>
      <NavLink
        to="/logout"
        className="settings-link"
        onClick={(event) => void signOut(event)}
        aria-disabled={state.saving || undefined}
      >
        <LogoutIcon width={20} height={20} />
        {state.saving ? 'Saving your changes…' : 'Logout'}
      </NavLink>
      <ConfirmDialog
        open={state.unsaved > 0}
        title="Sign out?"
        confirmLabel="Sign out anyway"
        danger
        onConfirm={() => void navigate('/logout')}
        onClose={() => setState({ saving: false, unsaved: 0 })}
      >
        <p>{unsavedQuestion(state.unsaved)}</p>
        <p>They are kept on this device. Cancel, and they are saved as soon as the connection is back.</p>
      </ConfirmDialog>
    </>
  );
}

/** The side menu of docs/BEHAVIOUR.md §2 "Settings": the avatar, then the four entries. */
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
        <li>
          <LogoutLink />
        </li>
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
