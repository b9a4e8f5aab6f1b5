// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MODE_KEY, STORE_KEY, readActiveStoreId, useActiveStoreId, useGroceriesMode } from './preferences';

describe('groceries preferences', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  it('starts in edit mode and remembers shopping mode in localStorage', () => {
    const { result } = renderHook(() => useGroceriesMode());
    expect(result.current[0]).toBe('edit');
    act(() => result.current[1]('shopping'));
    expect(result.current[0]).toBe('shopping');
    expect(window.localStorage.getItem(MODE_KEY)).toBe('shopping');
  });

  it('reads an unknown stored mode as edit mode', () => {
    window.localStorage.setItem(MODE_KEY, 'juggling');
    const { result } = renderHook(() => useGroceriesMode());
    expect(result.current[0]).toBe('edit');
  });

  it('remembers the active store, and every reader sees the change', () => {
    const first = renderHook(() => useActiveStoreId());
    const second = renderHook(() => useActiveStoreId());
    expect(first.result.current[0]).toBeUndefined();
    act(() => first.result.current[1]('store-2'));
    expect(second.result.current[0]).toBe('store-2');
    expect(window.localStorage.getItem(STORE_KEY)).toBe('store-2');
    expect(readActiveStoreId()).toBe('store-2');
  });
});
