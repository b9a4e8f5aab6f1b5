import { describe, expect, it } from 'vitest';
import type { RefusedAction } from './store';
import { describeRefusal, syncSummary } from './SyncStatus';

const none = [] as const;
const refusal = (action: unknown, message?: string): RefusedAction =>
  ({ seq: 1, action, status: 403, ...(message ? { message } : {}) }) as RefusedAction;

describe('syncSummary', () => {
  it('says all is saved when nothing is queued', () => {
    expect(syncSummary({ queued: 0, status: 'idle', online: true, refused: none })).toEqual({
      tone: 'saved',
      text: 'All changes saved',
    });
  });

  it('says offline as soon as the browser is offline, before any edit', () => {
    expect(syncSummary({ queued: 0, status: 'idle', online: false, refused: none })).toEqual({
      tone: 'offline',
      text: 'Offline',
    });
    expect(syncSummary({ queued: 1, status: 'idle', online: false, refused: none }).text).toBe(
      'Offline: 1 change kept on this device',
    );
  });

  it('says the server cannot be reached while a fetch fails, with nothing queued', () => {
    expect(
      syncSummary({ queued: 0, status: 'retrying', online: true, refused: none, failing: true }),
    ).toEqual({
      tone: 'offline',
      text: 'Can’t reach the server. Trying again…',
    });
  });

  it('says the server cannot be reached while pushes fail online', () => {
    expect(syncSummary({ queued: 3, status: 'stalled', online: true, refused: none })).toEqual({
      tone: 'offline',
      text: 'Can’t reach the server: 3 changes kept on this device',
    });
    expect(syncSummary({ queued: 2, status: 'retrying', online: true, refused: none }).tone).toBe('offline');
  });

  it('says changes are waiting or being synced while online', () => {
    expect(syncSummary({ queued: 1, status: 'idle', online: true, refused: none })).toEqual({
      tone: 'saving',
      text: '1 change waiting to sync',
    });
    expect(syncSummary({ queued: 2, status: 'syncing', online: true, refused: none })).toEqual({
      tone: 'saving',
      text: 'Syncing 2 changes…',
    });
  });

  it('puts a refusal first, with what was not saved and why', () => {
    const refused = [
      {
        kind: 'recipes' as const,
        refusal: refusal(
          { type: 'ADD', recipe: { id: 'r', name: 'Number 202' } },
          'Your plan allows up to 200 recipes',
        ),
      },
    ];
    expect(syncSummary({ queued: 0, status: 'idle', online: false, refused })).toEqual({
      tone: 'error',
      text: '“Number 202” was not saved: Your plan allows up to 200 recipes.',
    });
  });
});

describe('describeRefusal', () => {
  it('names the recipe of an edit, and the document otherwise', () => {
    expect(
      describeRefusal(
        'recipes',
        refusal({ type: 'UPDATE', id: 'r', changes: { name: 'Soup' } }, 'Too long.'),
      ),
    ).toBe('Your changes to “Soup” were not saved: Too long.');
    expect(describeRefusal('groceries', refusal({ type: 'ADD_ITEM', name: 'Coffee' }))).toBe(
      '“Coffee” was not saved: The server refused it.',
    );
    expect(describeRefusal('groceries', refusal({ type: 'MOVE_ITEM' }))).toBe(
      'A change to your grocery list was not saved: The server refused it.',
    );
  });
});
