import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { onUnauthorized } from '../api/client';
import { DataProvider } from '../data/DataProvider';
import { queryClient } from './query-client';
import { setSessionHint } from './session-hint';
import { ME_KEY, useCurrentUser } from './useCurrentUser';

/** Where the login page sends the user back to after signing in. */
export interface LoginRedirectState {
  from?: string;
}

function Gate() {
  const { user, isUnreachable, retry } = useCurrentUser();
  const location = useLocation();

  // A 401 from any signed-in call means the session is gone (SPEC §2): drop the user, which
  // re-renders this gate into the redirect below.
  useEffect(
    () =>
      onUnauthorized(() => {
        setSessionHint(false);
        queryClient.setQueryData(ME_KEY, null);
      }),
    [],
  );

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
  if (user === undefined) return <div className="page-loading" aria-busy="true" />;
  if (user === null) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <DataProvider user={user}>
      <Outlet />
    </DataProvider>
  );
}

/** Wraps the signed-in routes: shows them to a signed-in user, else sends them to /login. */
export function RequireSignedIn() {
  return (
    <QueryClientProvider client={queryClient}>
      <Gate />
    </QueryClientProvider>
  );
}
