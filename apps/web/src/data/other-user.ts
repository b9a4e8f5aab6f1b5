/**
 * A followed user's agenda or recipes, read-only (docs/BEHAVIOUR.md §2 "Agenda panel", §6): fetched with
 * TanStack Query, kept until told otherwise (staleTime Infinity) and revalidated by ETag, so a
 * refresh that finds nothing new costs a 304. SSE `etag` events and the status poll name these
 * documents `agenda/{userId}` and `recipes/{userId}`; `refreshOtherUserDocument` refetches one when
 * its ETag moved. They are not kept for offline use: they are someone else's, and read-only.
 */
import type { DocumentOf } from '@mealplan/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { GET_FAILED_MESSAGE, getDocument, type HttpOptions } from './transport';

/** The documents a follower may read. */
export type SharedKind = 'agenda' | 'recipes';

/** What a screen gets for another user's document. */
export interface OtherUserDocument<K extends SharedKind> {
  /** Undefined until loaded (or when it could not be read: not approved, offline). */
  doc: DocumentOf<K> | undefined;
  /** True while the first answer is awaited. */
  loading: boolean;
  /** Set when the document could not be read ('Get request failed'). */
  error?: unknown;
}

interface Cached<K extends SharedKind> {
  doc: DocumentOf<K>;
  etag: string;
}

const ROOT = 'other-user-document';

/** The query key of a followed user's document. */
export function otherUserQueryKey(kind: SharedKind, userId: string) {
  return [ROOT, kind, userId] as const;
}

/** The query of a followed user's document; `http` carries the logger and the 401 handling. */
export function otherUserQuery<K extends SharedKind>(
  client: QueryClient,
  kind: K,
  userId: string,
  http: HttpOptions,
) {
  const queryKey = otherUserQueryKey(kind, userId);
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<Cached<K>> => {
      const held = client.getQueryData<Cached<K>>(queryKey);
      const url = `/api/${kind}/${encodeURIComponent(userId)}`;
      const result = await getDocument<DocumentOf<K>>(url, held?.etag, http);
      if (result.status === 304 && held) return held;
      if (result.status === 200 && 'doc' in result) return { doc: result.doc, etag: result.etag };
      throw new Error(GET_FAILED_MESSAGE);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** The ETags of the followed users' documents in the cache, by data key (for the status poll). */
export function otherUserEtags(client: QueryClient): Record<string, string> {
  const held: Record<string, string> = {};
  for (const query of client.getQueryCache().findAll({ queryKey: [ROOT] })) {
    const [, kind, userId] = query.queryKey as ReturnType<typeof otherUserQueryKey>;
    const data = query.state.data as Cached<SharedKind> | undefined;
    if (data) held[`${kind}/${userId}`] = data.etag;
  }
  return held;
}

/** Parses a data key such as `agenda/{userId}`. */
export function parseOtherUserKey(key: string): { kind: SharedKind; userId: string } | undefined {
  const match = /^(agenda|recipes)\/(.+)$/.exec(key);
  return match ? { kind: match[1] as SharedKind, userId: match[2] as string } : undefined;
}

/**
 * Refetches a followed user's document whose ETag moved (SSE event, status poll); without `etag`,
 * every cached one (after reconnecting). Only documents a screen has asked for are in the cache.
 */
export function refreshOtherUserDocument(client: QueryClient, key?: string, etag?: string): void {
  if (key === undefined) {
    void client.invalidateQueries({ queryKey: [ROOT] });
    return;
  }
  const parsed = parseOtherUserKey(key);
  if (!parsed) return;
  const queryKey = otherUserQueryKey(parsed.kind, parsed.userId);
  const held = client.getQueryData<Cached<SharedKind>>(queryKey);
  if (!held || held.etag !== etag) void client.invalidateQueries({ queryKey });
}

/** Reads a followed user's document through `client`; see the file comment. */
export function useOtherUserDocumentWith<K extends SharedKind>(
  client: QueryClient,
  kind: K,
  userId: string | undefined,
  http: HttpOptions,
): OtherUserDocument<K> {
  const query = useQuery(
    { ...otherUserQuery(client, kind, userId ?? '', http), enabled: Boolean(userId) },
    client,
  );
  const doc = query.data?.doc;
  const loading = Boolean(userId) && query.isPending;
  return query.error ? { doc, loading: false, error: query.error } : { doc, loading };
}
