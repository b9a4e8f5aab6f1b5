export * from './merge-patch.js';
export * from './types.js';
export * from './outbox-store.js';
export * from './sync-client.js';
