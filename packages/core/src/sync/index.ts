/** The sync engine's pure parts: change format, ports, engine, client logger and status poll. */
export * from './merge-patch.js';
export * from './types.js';
export type { PendingPush, QueuedAction, ServerCopy } from './outbox-store.js';
export * from './sync-client.js';
export * from './client-logger.js';
export * from './status-poll.js';
