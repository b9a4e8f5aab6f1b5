import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginRedirectState } from '../auth/RequireSignedIn';
import { setSessionHint } from '../auth/session-hint';
import { ME_KEY } from '../auth/useCurrentUser';
import { SyncStatus } from '../shell/SyncStatus';
import { DataStoreContext } from './hooks';
import { DataSessionContext } from './session-context';
import type { DataSession } from './session';
import { openSessionFor, retainSession, runningSessionFor } from './session-registry';

/** Props of `DataProvider`. */
export interface DataProviderProps {
  /** The signed-in user (from `useCurrentUser`). */
  user: { id: string };
  children: ReactNode;
  /**
   * A data request answered 401 or 5xx: SPEC §8 sends the user to /login for both. The default
   * marks the user signed out on a 401 (the signed-in gate then redirects, remembering the page)
   * and navigates to /login on a 5xx, at most once in five minutes, so a server error that
   * persists does not bounce the user between the two pages.
   */
  onSignInNeeded?: (status: number) => void;
}

const SERVER_ERROR_REDIRECT_KEY = 'mealplan.serverErrorRedirectAt';
const SERVER_ERROR_REDIRECT_MS = 5 * 60_000;

function mayRedirectForServerError(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(SERVER_ERROR_REDIRECT_KEY) ?? 0);
    if (Date.now() - last < SERVER_ERROR_REDIRECT_MS) return false;
    window.sessionStorage.setItem(SERVER_ERROR_REDIRECT_KEY, String(Date.now()));
  } catch {
    // No session storage: redirect, without the guard.
  }
  return true;
}

/**
 * Provides the signed-in user's synced documents to the screens below it (`useDocument`,
 * `useDispatch`, `useOtherUserDocument`, `useSyncStatus`), and runs the sync, the status poll, the
 * live updates and the scraped-recipes pick-up while mounted. Wrap the signed-in routes in it.
 */
export function DataProvider({ user, children, onSignInNeeded }: DataProviderProps) {
  return (
    <UserData key={user.id} userId={user.id} onSignInNeeded={onSignInNeeded}>
      {children}
    </UserData>
  );
}

function UserData({
  userId,
  children,
  onSignInNeeded,
}: {
  userId: string;
  children: ReactNode;
  onSignInNeeded: ((status: number) => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // The stored queues and copies load from IndexedDB first (a few milliseconds); a re-mount finds
  // the running session at once. Nothing starts until the effect below retains it.
  const [session, setSession] = useState<DataSession | undefined>(() => runningSessionFor(userId));
  useEffect(() => {
    if (session) return;
    let live = true;
    void openSessionFor(userId, queryClient).then((opened) => {
      if (live) setSession(opened);
    });
    return () => {
      live = false;
    };
  }, [session, userId, queryClient]);

  const handler = useRef<(status: number) => void>(() => undefined);
  useEffect(() => {
    handler.current =
      onSignInNeeded ??
      ((status) => {
        if (status === 401) {
          setSessionHint(false);
          queryClient.setQueryData(ME_KEY, null);
        } else if (mayRedirectForServerError()) {
          const state: LoginRedirectState = { from: location.pathname + location.search };
          navigate('/login', { replace: true, state });
        }
      });
  });

  useEffect(() => {
    if (!session) return;
    return retainSession(session, (status) => handler.current(status));
  }, [session]);

  if (!session) return null;
  return (
    <DataSessionContext.Provider value={session}>
      <DataStoreContext.Provider value={session.store}>
        {children}
        <SyncStatus />
      </DataStoreContext.Provider>
    </DataSessionContext.Provider>
  );
}
