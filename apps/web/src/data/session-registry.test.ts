// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME_KEY } from '../account/useCurrentUser';
import {
  endSession,
  openSessionFor,
  releaseHeld,
  retainSession,
  runningSessionFor,
  sessionFor,
} from './session-registry';

const queue = 'mealplan:u1:sync:notes:queue';

beforeEach(() => {
  // Nothing may reach a network in these tests.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('offline'))),
  );
  window.localStorage.clear();
  window.localStorage.setItem('mealplan.signedIn', '1');
  window.localStorage.setItem(queue, '[{"seq":1,"action":{"type":"PUT_NOTE","dayId":"2026-01-01","text":"x"}}]');
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe('session registry', () => {
  it('keeps one session per user across a re-mount', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient();
    const session = sessionFor('u1', client);
    const release = retainSession(session);
    release();
    // Re-mounted before the deferred end: the same session goes on past the moment it would end.
    expect(sessionFor('u1', client)).toBe(session);
    const again = retainSession(session);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    expect(sessionFor('u1', client)).toBe(session);
    expect(session.store.get('notes').doc.notes).toEqual({ '2026-01-01': 'x' });
    again();
  });

  it('deletes the user’s stored data on an explicit sign-out', () => {
    const client = new QueryClient();
    client.setQueryData(ME_KEY, { id: 'u1' });
    retainSession(sessionFor('u1', client));
    window.localStorage.removeItem('mealplan.signedIn'); // sessionChanged(false) clears the hint first
    client.removeQueries({ queryKey: ME_KEY });
    expect(window.localStorage.getItem(queue)).toBeNull();
  });

  it('also deletes it when the session already ended (the /logout page unmounted the app first)', async () => {
    const client = new QueryClient();
    client.setQueryData(ME_KEY, { id: 'u1' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const release = retainSession(sessionFor('u1', client));
    release();
    vi.advanceTimersByTime(1); // the deferred end
    vi.useRealTimers();
    window.localStorage.removeItem('mealplan.signedIn');
    client.clear();
    expect(window.localStorage.getItem(queue)).toBeNull();
  });

  it('keeps the queue when the session merely expired (401), for after signing in again', () => {
    const client = new QueryClient();
    client.setQueryData(ME_KEY, { id: 'u1' });
    const session = sessionFor('u1', client);
    retainSession(session);
    client.setQueryData(ME_KEY, null);
    expect(window.localStorage.getItem(queue)).not.toBeNull();
    expect(sessionFor('u1', client)).not.toBe(session);
  });

  it('starts a session as soon as it is opened, before a provider retains it (no wait for the first render)', async () => {
    const client = new QueryClient();
    const session = await openSessionFor('u1', client);
    await vi.waitFor(() => expect(session.store.isLeader).toBe(true));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const release = retainSession(session);
    release();
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    // The provider's retain took the opening's hold over: its release ends the session.
    expect(runningSessionFor('u1')).toBeUndefined();
  });

  it('keeps a session two providers opened at once when one went away (StrictMode) and the other retains it', async () => {
    const client = new QueryClient();
    const [first, second] = await Promise.all([openSessionFor('u1', client), openSessionFor('u1', client)]);
    expect(second).toBe(first);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    releaseHeld(first); // the first provider unmounted before it opened
    vi.advanceTimersByTime(1);
    expect(runningSessionFor('u1')).toBe(first);
    const release = retainSession(first);
    vi.advanceTimersByTime(1);
    expect(runningSessionFor('u1')).toBe(first);
    release();
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    expect(runningSessionFor('u1')).toBeUndefined();
  });

  it('ends a session opened for a provider that went away before taking it', async () => {
    const client = new QueryClient();
    const session = await openSessionFor('u1', client);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    releaseHeld(session);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    expect(runningSessionFor('u1')).toBeUndefined();
  });
});
