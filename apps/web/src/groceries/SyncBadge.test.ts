import { describe, expect, it } from 'vitest';
import { syncSummary } from './SyncBadge';

describe('syncSummary', () => {
  it('says all is saved when nothing is queued', () => {
    expect(syncSummary(0, 'idle', false)).toEqual({ tone: 'saved', text: 'All changes saved' });
  });

  it('says changes are kept on the device while offline or failing', () => {
    expect(syncSummary(1, 'idle', false).text).toBe('Offline: 1 change kept on this device');
    expect(syncSummary(3, 'stalled', true).text).toBe('Offline: 3 changes kept on this device');
    expect(syncSummary(2, 'retrying', true).tone).toBe('offline');
  });

  it('says changes are waiting or being synced while online', () => {
    expect(syncSummary(1, 'idle', true)).toEqual({ tone: 'saving', text: '1 change waiting to sync' });
    expect(syncSummary(2, 'syncing', true)).toEqual({ tone: 'saving', text: 'Syncing 2 changes…' });
  });
});
