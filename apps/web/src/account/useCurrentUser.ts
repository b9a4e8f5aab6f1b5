import { queryOptions, useQuery } from '@tanstack/react-query';
import { meApi } from '../api';
import type { Me } from '../api';
import { queryClient } from './query-client';
import { noteServerLogLevel } from './server-log-level';
import { markSessionExpired } from './session-expiry';
import { setSessionHint } from './session-hint';

/** Query key of the current user; the data layer takes this over later. */
export const ME_KEY = ['me'] as const;

/** Thrown when /api/me could not be reached at all: that says nothing about being signed in. */
export class MeUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MeUnreachableError';
  }
}

/**
 * GET /api/me: the user, or null when signed out (any non-OK answer, docs/BEHAVIOUR.md §7). A network failure
 * is not an answer: it throws, is retried, and never signs the user out by itself.
 */
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<Me | null> => {
    const result = await meApi.get();
    if (result.ok) noteServerLogLevel(result.headers.get('Log-Level'));
    if (result.ok && result.data) {
      setSessionHint(true);
      return result.data;
    }
    if (!result.ok && result.status === 0) throw new MeUnreachableError(result.error.message);
    // Signed in a moment ago and now 401: the session ended under an open page. Keep the user, so
    // the page and its forms stay, and ask to sign in again (docs/SYNC.md "When the session ends").
    const known = queryClient.getQueryData<Me | null>(ME_KEY);
    if (!result.ok && result.status === 401 && known) {
      markSessionExpired();
      return known;
    }
    setSessionHint(false);
    return null;
  },
  staleTime: Infinity,
  // Asked, and asked again, whatever the window has heard of the connection: the service worker
  // answers it offline from its copy (docs/ARCHITECTURE.md "Service worker and offline start").
  // React Query's default ('online') holds a query back, first try or retry, once the window has
  // heard 'offline' (a connection lost while the page starts): the page then stayed on its
  // skeleton until the connection came back, neither signed in nor saying it could not reach us.
  networkMode: 'always',
  retry: (failures, error) => error instanceof MeUnreachableError && failures < 3,
  retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
});

/**
 * The signed-in user: `user` is undefined while loading, null when signed out.
 * `refresh()` asks the server again (after a profile edit or avatar upload).
 */
export function useCurrentUser() {
  const query = useQuery(meQuery);
  return {
    user: query.data,
    isLoading: query.isPending,
    /** The server could not be reached and nothing is cached: offer a retry. */
    isUnreachable: query.data === undefined && query.isError,
    retry: query.refetch,
    refresh: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  };
}

/**
 * Forgets the cached user so the next reader asks the server; see `sessionChanged`. On sign-out
 * everything cached goes, so the next person on this browser sees none of it.
 */
export function resetCurrentUser(signedIn: boolean): void {
  if (signedIn) queryClient.removeQueries({ queryKey: ME_KEY });
  else queryClient.clear();
}
