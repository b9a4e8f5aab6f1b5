// @vitest-environment jsdom
import { emptyDocument } from '@mealplan/core';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../account/useCurrentUser';
import { DataSession } from './session';

const json = (body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) },
  });

let requested: string[];
let answerRecipes: () => void;
let session: DataSession | undefined;
let meLogLevel: string;

beforeEach(() => {
  window.localStorage.clear();
  requested = [];
  meLogLevel = 'debug';
  const recipesAnswered = new Promise<void>((resolve) => (answerRecipes = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      requested.push(`${method} ${url.pathname}`);
      const kind = url.pathname.match(/^\/api\/(agenda|recipes|notes|groceries)$/)?.[1];
      if (kind === 'recipes') await recipesAnswered;
      if (kind) return json(emptyDocument(kind as 'agenda'), `"${kind}-1"`);
      if (url.pathname === '/api/scraped-recipes') return json({ recipes: [] }, '"s-1"');
      if (url.pathname === '/api/me') {
        return new Response(JSON.stringify({ id: 'u1' }), { status: 200, headers: { 'Log-Level': meLogLevel } });
      }
      return json({});
    }),
  );
});
afterEach(() => {
  session?.dispose();
  session = undefined;
  vi.unstubAllGlobals();
});

describe('the data session', () => {
  it('picks up the scraped recipes once the recipes are loaded and the page has started, not before', async () => {
    session = new DataSession({ userId: 'u1', queryClient: new QueryClient() });
    session.start();
    await waitFor(() => expect(requested).toContain('GET /api/agenda'));
    await waitFor(() => expect(session?.store.get('agenda').loaded).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested).not.toContain('GET /api/scraped-recipes');
    answerRecipes();
    await waitFor(() => expect(session?.store.get('recipes').loaded).toBe(true));
    await waitFor(() => expect(requested).toContain('GET /api/scraped-recipes'));
  });

  it("takes the client log level from the gate's answers of /api/me without asking for it again", async () => {
    // The signed-in gate asks who is signed in before the session opens.
    const queryFn = meQuery.queryFn as () => Promise<unknown>;
    await queryFn();
    session = new DataSession({ userId: 'u1', queryClient: new QueryClient() });
    session.start();
    expect(session.logger.level).toBe('debug');
    // A later answer (the gate asks again after a 401 elsewhere, or after a profile edit) moves it.
    meLogLevel = 'error';
    await queryFn();
    expect(session.logger.level).toBe('error');
    await waitFor(() => expect(session?.store.get('agenda').loaded).toBe(true));
    expect(requested.filter((request) => request === 'GET /api/me')).toHaveLength(2);
  });
});
