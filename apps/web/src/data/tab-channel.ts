/**
 * Messages between the tabs of one signed-in user (see `synced-store.ts`), over a BroadcastChannel.
 * The leader tab owns the sync clients; follower tabs forward actions and mirror its state.
 */
import type { DocumentAction, DocumentKind, SyncStatus } from '@mealplan/core';
import type { RefusedAction } from './store';

/** A document's state as the leader sees it (a follower adds its own unconfirmed actions). */
export interface MirroredState {
  view: unknown;
  loaded: boolean;
  etag: string | undefined;
  queued: number;
  status: SyncStatus;
  failure?: string | undefined;
  refused?: readonly RefusedAction[];
}

/** Everything tabs tell each other; `from` is the sending tab's id. */
export type TabMessage =
  /** A follower asks the leader for every document's state. */
  | { type: 'hello'; from: string }
  /** A tab became leader: followers say hello and resend what it has not confirmed. */
  | { type: 'leader'; from: string }
  /** The leader's state of one document, with the last forwarded `seq` it took from each tab. */
  | { type: 'state'; from: string; kind: DocumentKind; state: MirroredState; acks: Record<string, number> }
  /** Actions a follower dispatched (one `seq` per dispatch call). */
  | { type: 'dispatch'; from: string; seq: number; actions: DocumentAction[] }
  | { type: 'flush'; from: string; keepalive: boolean }
  | { type: 'refetch'; from: string; kind: DocumentKind; etag?: string };

/** A broadcast channel of `TabMessage`s; the sender never hears its own messages. */
export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

/** A BroadcastChannel named `name`, or undefined where the browser has none. */
export function broadcastTabChannel(name: string): TabChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // Closed while the page unloads: nobody is left to tell.
      }
    },
    subscribe(listener) {
      const handler = (event: MessageEvent<TabMessage>) => listener(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}
