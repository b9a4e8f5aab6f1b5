import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserScheduler } from './browser-ports';
import { LEASE_EXPIRE_MS, LEASE_RENEW_MS, leaseElection } from './tab-leader';

/** A Storage-like Map shared by the "tabs" of one test. */
function sharedStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lease election (no Web Locks)', () => {
  it('lets one tab lead, hands over at once when it leaves', async () => {
    const storage = sharedStorage();
    const a = vi.fn();
    const b = vi.fn();
    const first = leaseElection(storage, 'mealplan:u1:sync', a, browserScheduler, 'a');
    const second = leaseElection(storage, 'mealplan:u1:sync', b, browserScheduler, 'b');
    expect(first.isLeader).toBe(true);
    expect(second.isLeader).toBe(false);
    await vi.advanceTimersByTimeAsync(LEASE_RENEW_MS * 3);
    expect(second.isLeader).toBe(false);

    first.release();
    await vi.advanceTimersByTimeAsync(LEASE_RENEW_MS);
    expect(second.isLeader).toBe(true);
    expect(b).toHaveBeenLastCalledWith(true);
    second.release();
  });

  it('takes over from a tab that died without saying so, once its lease expired', async () => {
    const storage = sharedStorage();
    storage.setItem('mealplan:u1:sync:lease', JSON.stringify({ owner: 'dead', at: Date.now() }));
    const election = leaseElection(storage, 'mealplan:u1:sync', () => undefined, browserScheduler, 'alive');
    expect(election.isLeader).toBe(false);
    await vi.advanceTimersByTimeAsync(LEASE_EXPIRE_MS - LEASE_RENEW_MS);
    expect(election.isLeader).toBe(false);
    await vi.advanceTimersByTimeAsync(2 * LEASE_RENEW_MS);
    expect(election.isLeader).toBe(true);
    election.release();
  });
});
