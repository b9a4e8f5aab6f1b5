/**
 * A followed user's agenda or recipes, read-only (SPEC §6, §7 `GET /api/{agenda|recipes}/{userId}`).
 *
 * Stand-in with the data layer's signature: when `useOtherUserDocument` lands in `../data/hooks`,
 * this file becomes a re-export of it and nothing else changes.
 */
import type { DocumentOf } from '@mealplan/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** The documents another user shares with approved followers. */
export type SharedKind = 'agenda' | 'recipes';

/** What a screen sees of a followed user's document. */
export interface OtherUserDocument<K extends SharedKind> {
  doc: DocumentOf<K> | undefined;
  loading: boolean;
  error?: unknown;
}

/** How long a followed user's document is reused before it is asked for again. */
const FRESH_MS = 30_000;

/** Reads `kind` of the followed user `userId`; needs the app's QueryClientProvider. */
export function useOtherUserDocument<K extends SharedKind>(kind: K, userId: string): OtherUserDocument<K> {
  const query = useQuery({
    queryKey: ['other-user', kind, userId],
    queryFn: async (): Promise<DocumentOf<K>> => {
      const result = await api.get<DocumentOf<K>>(`/api/${kind}/${encodeURIComponent(userId)}`);
      if (!result.ok) throw new Error('Get request failed', { cause: result.error });
      return result.data;
    },
    staleTime: FRESH_MS,
  });
  return query.error
    ? { doc: query.data, loading: false, error: query.error }
    : { doc: query.data, loading: query.isPending };
}
