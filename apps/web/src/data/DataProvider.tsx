import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useHideFooter } from '../ui';
import { ReplacedPlans } from './ReplacedPlans';
import { SyncStatus } from './SyncStatus';
import { DataStoreContext } from './hooks';
import { DataSessionContext } from './session-context';
import type { DataSession } from './session';
import { shouldWaitForDocuments, whenDocumentsSettled } from './first-render';
import { openSessionFor, releaseHeld, retainSession, runningSessionFor } from './session-registry';

/** Props of `DataProvider`. */
export interface DataProviderProps {
  /** The signed-in user (from `useCurrentUser`). */
  user: { id: string };
  children: ReactNode;
  /** Drawn while the stored documents open (the page's skeleton); nothing when left out. */
  loading?: ReactNode;
}

/**
 * Provides the signed-in user's synced documents to the screens below it (`useDocument`,
 * `useDispatch`, `useOtherUserDocument`, `useSyncStatus`), and runs the sync, the status poll, the
 * live updates and the scraped-recipes pick-up while mounted. Wrap the signed-in routes in it.
 */
export function DataProvider({ user, children, loading = null }: DataProviderProps) {
  return (
    <UserData key={user.id} userId={user.id} loading={loading}>
      {children}
    </UserData>
  );
}

/**
 * A 401 on any data call follows the API client's one policy (the 'sign in again' dialog over the
 * page); a 5xx is shown by the sync line while the engine retries. Neither leaves the page
 * (docs/SYNC.md "When the session ends").
 */
function UserData({ userId, children, loading }: { userId: string; children: ReactNode; loading: ReactNode }) {
  const queryClient = useQueryClient();
  // The stored queues and copies load from IndexedDB first (a few milliseconds); a re-mount finds
  // the running session at once. The session starts as soon as it is opened, and the effect below
  // retains it.
  const [session, setSession] = useState<DataSession | undefined>(() => runningSessionFor(userId));
  useEffect(() => {
    if (session) return;
    let live = true;
    // If this provider went away meanwhile, it gives up its hold on the session it opened.
    void openSessionFor(userId, queryClient).then(async (opened) => {
      // The session has started; when the documents' answers are here but not yet in the store,
      // the page is drawn once they are (or have failed, or after a short wait), so that they do not
      // arrive in the middle of its first render and make React draw it all again in one blocking
      // task (first-render.ts).
      if (live && shouldWaitForDocuments(opened.store, opened.early)) await whenDocumentsSettled(opened.store);
      // The page's first render (the whole page replacing the skeleton) as a transition, which
      // React splits into short tasks instead of one long one (bench/README.md "lighthouse").
      if (live) startTransition(() => setSession(opened));
      else releaseHeld(opened);
    });
    return () => {
      live = false;
    };
  }, [session, userId, queryClient]);

  useEffect(() => {
    if (!session) return;
    return retainSession(session);
  }, [session]);
  // Nothing of the page is drawn until the session opens: no footer either, or it would paint at
  // the top and be pushed down by the page (a layout shift).
  useHideFooter(!session);

  if (!session) return loading;
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
