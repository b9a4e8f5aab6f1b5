import { describe, expect, it, vi } from 'vitest';
import { createId, createWebStorage, isQuotaError } from './browser-ports';

/** A Storage with a size limit in characters, throwing like a browser when it is full. */
function limitedStorage(limit: number): Storage {
  const data = new Map<string, string>();
  const used = () => [...data].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
  return {
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem(key, value) {
      const before = data.get(key);
      data.set(key, value);
      if (used() > limit) {
        if (before === undefined) data.delete(key);
        else data.set(key, before);
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
    },
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
  };
}

describe('web storage', () => {
  it('makes room for a queue by dropping server copies, largest first', () => {
    const area = limitedStorage(1_000);
    const logger = { warn: vi.fn(), error: vi.fn() };
    const storage = createWebStorage(area, logger);
    storage.set('mealplan:u1:sync:recipes:server', 'r'.repeat(600));
    storage.set('mealplan:u1:sync:notes:server', 'n'.repeat(200));
    storage.set('mealplan:u1:sync:agenda:queue', 'q'.repeat(300));
    expect(storage.get('mealplan:u1:sync:agenda:queue')).toHaveLength(300);
    expect(storage.get('mealplan:u1:sync:recipes:server')).toBeNull();
    expect(storage.get('mealplan:u1:sync:notes:server')).toHaveLength(200);
    expect(logger.warn).toHaveBeenCalledWith('local storage is full', expect.anything());
  });

  it('refuses a server copy that does not fit, leaving queues alone', () => {
    const area = limitedStorage(500);
    const storage = createWebStorage(area);
    storage.set('mealplan:u1:sync:notes:queue', 'q'.repeat(200));
    expect(() => storage.set('mealplan:u1:sync:recipes:server', 'r'.repeat(400))).toThrow();
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(storage.get('mealplan:u1:sync:notes:queue')).toHaveLength(200);
  });

  it('reads as empty when there is no storage at all', () => {
    const storage = createWebStorage(undefined);
    expect(storage.get('x')).toBeNull();
    expect(() => storage.set('x', 'y')).toThrow();
  });

  it('makes v4 uuids, also without crypto.randomUUID (plain-HTTP installs)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(createId()).toMatch(uuid);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes) });
    try {
      expect(createId()).toMatch(uuid);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
