import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { onUnauthorized } from '../api';
import { DataProvider } from '../data';
import { queryClient } from '../account';
import { markSessionExpired, useSessionExpired } from '../account';
import { useCurrentUser } from '../account';
import { useHideFooter, useReleaseShell } from '../ui';

// Its own chunk (docs/WEB-MODULES.md rule 1): the sign-in form it holds is needed only once a
// session has ended, never while a signed-in page first loads.
const SessionExpiredDialog = lazy(() =>
  import('./SessionExpiredDialog').then((m) => ({ default: m.SessionExpiredDialog })),
);

/** Where the login page sends the user back to after signing in. */
export interface LoginRedirectState {
  from?: string;
}

function Gate({ loading }: { loading: ReactNode }) {
  const { user, isUnreachable, retry } = useCurrentUser();
  const location = useLocation();
  const expired = useSessionExpired();

  // A 401 from any signed-in call means the session is gone. The page stays as it is, with any
  // open form, and a dialog asks to sign in again (docs/SYNC.md "When the session ends"); this
  // replaces the redirect to /login that docs/BEHAVIOUR.md §8 asks for, which threw the page away.
  useEffect(() => onUnauthorized(() => markSessionExpired()), []);
  // 'Can't reach Mealplan' asks again by itself once the browser is back online, as the button does.
  useEffect(() => {
    if (!isUnreachable) return;
    const onOnline = () => void retry();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [isUnreachable, retry]);
  // No footer until the page is known: it would paint first and be pushed down (a layout shift).
  useHideFooter(user === undefined);
  // From here on the pages and `loading` hide the footer themselves (ui/ShellContext.tsx).
  useReleaseShell();

  if (user === undefined && isUnreachable) {
    return (
      <section className="placeholder" role="alert">
        <h1>Can&rsquo;t reach Mealplan</h1>
        <p className="lede">Check your connection, then try again.</p>
        <button type="button" className="button primary" onClick={() => void retry()}>
          Try again
        </button>
      </section>
    );
  }
  if (user === undefined) return loading;
  if (user === null) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <DataProvider user={user} loading={loading}>
      <Outlet />
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog user={user} />
        </Suspense>
      )}
    </DataProvider>
  );
}

/**
 * Wraps the signed-in routes: shows them to a signed-in user, else sends them to /login. `loading`
 * is drawn until the user and their stored documents are known: the page's skeleton, the same
 * markup the build prerendered as the signed-in shell (docs/ARCHITECTURE.md "The signed-in shell").
 */
export function RequireSignedIn({ loading }: { loading: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Gate loading={loading} />
    </QueryClientProvider>
  );
}
