/**
 * The status poll of docs/BEHAVIOUR.md §9 wired to the page: core's `StatusPoller` (every 30 s, skipped after a
 * minute without a click, 1 s after the tab becomes visible) asking `GET /api/status`; a new commit
 * hash reloads the page, a moved ETag refetches that data key. Every tab polls for itself, since
 * only a tab with clicks polls at all; a follower tab's refetch goes to the leader through the store.
 */
import {
  decideStatus,
  DOCUMENT_KINDS,
  StatusPoller,
  type DocumentKind,
  type Scheduler,
  type StatusResponse,
} from '@mealplan/core';
import { browserScheduler } from './browser-ports';
import { send } from '../api';
import { NO_STORE, type HttpOptions } from './transport';

/** What the poll acts on. */
export interface StatusPollingOptions {
  /** The ETags held per data key: the account's documents and followed users' `agenda/{id}`. */
  held(): Partial<Record<string, string>>;
  /** A data key's ETag moved (`notes`, `recipes/{userId}`): refetch it. */
  refetch(key: string, etag: string): void;
  /** A new build is deployed. */
  reload(): void;
  /** After each answered poll (the scraped-recipes check rides along). */
  onPolled?(): void;
  /** The answer names none of the account's documents while this tab holds some: signed out. */
  onSignedOut?(): void;
  fetchStatus?: () => Promise<StatusResponse | undefined>;
  scheduler?: Scheduler;
  /** Where clicks and visibility changes come from. */
  document?: Document;
}

/** `GET /api/status`, or undefined when it failed (offline, server restarting). */
export async function fetchStatus(http: HttpOptions = {}): Promise<StatusResponse | undefined> {
  const answer = await send('/api/status', NO_STORE, http);
  if (answer.status !== 200) return undefined;
  try {
    const body = JSON.parse(answer.text) as StatusResponse;
    return typeof body.commitHash === 'string' && body.etags && typeof body.etags === 'object'
      ? body
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a data key names one of the account's own documents. */
export function isOwnKind(key: string): key is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(key);
}

/** Starts polling; returns the stop function. */
export function startStatusPolling(options: StatusPollingOptions): () => void {
  const doc = options.document ?? document;
  const load = options.fetchStatus ?? (() => fetchStatus());
  let commitHash: string | undefined;

  const poller = new StatusPoller({
    scheduler: options.scheduler ?? browserScheduler,
    poll: async () => {
      const status = await load();
      if (!status) return;
      const decision = decideStatus(status, commitHash, options.held());
      // The first answer tells which build this page runs.
      commitHash ??= status.commitHash;
      if (decision.reload) {
        options.reload();
        return;
      }
      for (const key of decision.refetch) {
        const etag = status.etags[key];
        if (etag !== undefined) options.refetch(key, etag);
      }
      // The server names the account's documents only to a signed-in caller: none of them while
      // this tab holds some means the session ended under the page.
      const held = Object.keys(options.held()).filter(isOwnKind);
      if (held.length && !Object.keys(status.etags).some(isOwnKind)) options.onSignedOut?.();
      options.onPolled?.();
    },
  });

  const onClick = () => poller.noteClick();
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') poller.noteVisible();
  };
  doc.addEventListener('click', onClick, { capture: true });
  doc.addEventListener('visibilitychange', onVisibility);
  poller.start();
  // Learn the build's commit hash early, so a deploy in the first 30 s is noticed too.
  poller.noteVisible();

  return () => {
    poller.stop();
    doc.removeEventListener('click', onClick, { capture: true });
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
