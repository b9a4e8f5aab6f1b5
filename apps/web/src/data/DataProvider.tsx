import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { markSessionExpired } from '../account';
import { ReplacedPlans } from './ReplacedPlans';
import { SyncStatus } from './SyncStatus';
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
   * A data request answered 401 or 5xx. The default opens the 'sign in again' dialog on a 401 and
   * leaves a 5xx to the sync line: the page and any open form stay (docs/SYNC.md "When the session
   * ends"), instead of docs/BEHAVIOUR.md §8's redirects to /login.
   */
  onSignInNeeded?: (status: number) => void;
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
    // A 401 opens the 'sign in again' dialog over the page; a 5xx is shown by the sync line
    // ("Can't reach the server") while the engine retries. Neither leaves the page.
    handler.current = onSignInNeeded ?? ((status) => (status === 401 ? markSessionExpired() : undefined));
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
        <ReplacedPlans />
      </DataStoreContext.Provider>
    </DataSessionContext.Provider>
  );
}
