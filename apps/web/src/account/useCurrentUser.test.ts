// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from './useCurrentUser';
import { queryClient } from './query-client';

const me = { id: 'u1', email: 'cook@example.org', firstName: '', lastName: '' };
/** Stops React Query listening to the window's online events (it listens while observed). */
let stopListening: () => void = () => undefined;

beforeEach(() => {
  queryClient.clear();
  // The service worker's copy of the last answer (docs/ARCHITECTURE.md "Service worker and
  // offline start"): the page gets it whether or not the browser is online.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(me), { headers: { 'Content-Type': 'application/json' } })),
  );
});
afterEach(() => {
  stopListening();
  onlineManager.setOnline(true);
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** Resolves with the query's answer, or with 'still waiting' if none came within `ms`. */
async function answerWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);
}

describe('the signed-in user', () => {
  it('is asked for after the window heard the connection go, and comes from what answers', async () => {
    // React Query listens to the window's events once something observes the online state.
    stopListening = onlineManager.subscribe(() => undefined);
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);

    const user = await answerWithin(queryClient.fetchQuery(meQuery), 1_000);

    expect(user).toMatchObject({ id: 'u1' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
