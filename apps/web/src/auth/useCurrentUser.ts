import { queryOptions, useQuery } from '@tanstack/react-query';
import { meApi } from '../api/endpoints';
import type { Me } from '../api/types';
import { queryClient } from './query-client';
import { setSessionHint } from './session-hint';

/** Query key of the current user; the data layer takes this over later. */
export const ME_KEY = ['me'] as const;

/** GET /api/me: the user, or null when signed out (any non-OK answer, SPEC §7). */
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<Me | null> => {
    const result = await meApi.get();
    if (result.ok && result.data) {
      setSessionHint(true);
      return result.data;
    }
    // A failed network is not a sign-out: keep the hint so the next try shows the right frame.
    if (!result.ok && result.status !== 0) setSessionHint(false);
    return null;
  },
  staleTime: Infinity,
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
