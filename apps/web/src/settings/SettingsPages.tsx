import { useSyncExternalStore } from 'react';
import { Navigate } from 'react-router';
import { ChromeExtensionPage } from './ChromeExtensionPage';
import { ProfilePage } from './ProfilePage';
import { SettingsLayout, SettingsMenu } from './SettingsLayout';

const WIDE = '(min-width: 768px)';

function useIsWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/** /settings: the menu on phones; wide screens show the menu beside My Profile instead. */
export function SettingsIndexPage() {
  const wide = useIsWide();
  if (wide) return <Navigate to="/settings/profile" replace />;
  return (
    <div className="settings settings--index">
      <h1 className="settings-title">Settings</h1>
      <SettingsMenu />
    </div>
  );
}

/** /settings/profile */
export function ProfileSettingsPage() {
  return (
    <SettingsLayout title="My Profile">
      <ProfilePage />
    </SettingsLayout>
  );
}

/** /settings/chrome-extension */
export function ChromeExtensionSettingsPage() {
  return (
    <SettingsLayout title="Chrome Extension">
      <ChromeExtensionPage />
    </SettingsLayout>
  );
}
