import type { ScrapedRecipe } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import { RecipeSender, type StateStore, type StoredState } from './sender';

const SERVER = 'https://meals.example.org';
const AUTH_PAGE = `${SERVER}/authorize-chrome-extension`;
const recipe: ScrapedRecipe = {
  name: 'Lentil soup',
  url: 'https://cook.example/lentil-soup',
  ingredients: ['1 cup red lentils', '2 carrots'],
  instructions: 'Simmer.',
  servings: 4,
  prepTime: 10,
  cookTime: 30,
  totalTime: 40,
  image: null,
};

/** A fake server: answers POST /api/scraped-recipes by the token it knows. */
function fakeWorld(initial: StoredState = {}) {
  let state: StoredState = { server: SERVER, ...initial };
  const store: StateStore = {
    get: async () => structuredClone(state),
    set: async (values) => {
      state = { ...state, ...structuredClone(values) };
    },
    remove: async (keys) => {
      state = { ...state };
      for (const key of keys) delete state[key];
    },
  };
  const server = {
    validToken: 'mpx_valid-token-0000000000',
    received: [] as unknown[],
    answer: 0,
    down: false,
  };
  const requests: { url: string; auth: string | null }[] = [];
  const opened: string[] = [];
  const fetchFake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    requests.push({ url: String(input), auth: headers.get('Authorization') });
    if (server.down) throw new TypeError('Failed to fetch');
    if (server.answer) {
      return new Response(JSON.stringify({ code: 'X', message: 'name: Name is required' }), {
        status: server.answer,
      });
    }
    if (headers.get('Authorization') !== `Bearer ${server.validToken}`) {
      return new Response(JSON.stringify({ code: 'EXTENSION_TOKEN_INVALID', message: 'no' }), {
        status: 401,
      });
    }
    server.received.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ added: 1 }), { status: 200 });
  }) as typeof fetch;
  const sender = new RecipeSender({
    store,
    fetch: fetchFake,
    openTab: async (url) => {
      opened.push(url);
    },
    extensionId: 'extension-id',
    now: () => 1_000,
  });
  const handOver = (token: string, origin = SERVER) => ({ token, origin });
  return { sender, server, requests, opened, handOver, state: () => state };
}

describe('RecipeSender', () => {
  it('with a valid token, posts the recipe with the bearer token and reports it sent', async () => {
    const world = fakeWorld({ token: 'mpx_valid-token-0000000000' });
    await expect(world.sender.send(recipe)).resolves.toEqual({ status: 'sent' });
    expect(world.requests).toEqual([
      { url: `${SERVER}/api/scraped-recipes`, auth: 'Bearer mpx_valid-token-0000000000' },
    ]);
    expect(world.server.received).toEqual([{ recipes: [recipe] }]);
    expect(world.opened).toEqual([]);
    expect(world.state().lastResult).toMatchObject({ status: 'sent', url: recipe.url });
  });

  it('without a token, keeps the recipe and opens the authorization page; the token from the page sends it', async () => {
    const world = fakeWorld();
    await expect(world.sender.send(recipe)).resolves.toEqual({ status: 'authorizing', server: SERVER });
    expect(world.requests).toEqual([]);
    expect(world.opened).toEqual([`${AUTH_PAGE}?extensionId=extension-id`]);
    expect(world.state().pending).toEqual({ recipe, server: SERVER });

    const result = await world.sender.receiveToken(
      world.handOver('mpx_valid-token-0000000000'),
      `${AUTH_PAGE}?extensionId=extension-id`,
    );
    expect(result).toEqual({ accepted: true, result: { status: 'sent' } });
    expect(world.server.received).toEqual([{ recipes: [recipe] }]);
    expect(world.state()).toMatchObject({
      token: 'mpx_valid-token-0000000000',
      lastResult: { status: 'sent' },
    });
    expect(world.state().pending).toBeUndefined();
  });

  it('on 401 forgets the token, asks again, and retries with the new one', async () => {
    const world = fakeWorld({ token: 'mpx_revoked-token-000000000' });
    await expect(world.sender.send(recipe)).resolves.toEqual({ status: 'authorizing', server: SERVER });
    expect(world.state().token).toBeUndefined();
    expect(world.opened).toHaveLength(1);

    await world.sender.receiveToken(world.handOver('mpx_valid-token-0000000000'), AUTH_PAGE);
    expect(world.requests.map((r) => r.auth)).toEqual([
      'Bearer mpx_revoked-token-000000000',
      'Bearer mpx_valid-token-0000000000',
    ]);
    expect(world.server.received).toHaveLength(1);
  });

  it('a refused fresh token ends in an error, never in a loop of authorization tabs', async () => {
    const world = fakeWorld();
    await world.sender.send(recipe);
    const result = await world.sender.receiveToken(world.handOver('mpx_someone-elses-token-00'), AUTH_PAGE);
    expect(result).toEqual({
      accepted: true,
      result: {
        status: 'error',
        message: 'Mealplan did not accept the connection. Open the extension and send the recipe again.',
      },
    });
    expect(world.opened).toHaveLength(1);
    expect(world.state().pending).toBeUndefined();
    expect(world.state().token).toBeUndefined();
  });

  it('takes a token only from a page on the configured server that names it', async () => {
    const world = fakeWorld();
    await world.sender.send(recipe);
    const valid = 'mpx_valid-token-0000000000';
    const refused = { accepted: false, result: null };
    await expect(
      world.sender.receiveToken(world.handOver(valid), 'https://evil.test/authorize-chrome-extension'),
    ).resolves.toEqual(refused);
    await expect(
      world.sender.receiveToken(world.handOver(valid, 'https://evil.test'), AUTH_PAGE),
    ).resolves.toEqual(refused);
    await expect(world.sender.receiveToken(world.handOver(valid), undefined)).resolves.toEqual(refused);
    expect(world.state().token).toBeUndefined();
    expect(world.requests).toEqual([]);
    expect(world.state().pending).toEqual({ recipe, server: SERVER });
  });

  it('sends once when the page hands the same token over on both channels at once', async () => {
    const world = fakeWorld();
    await world.sender.send(recipe);
    const token = world.handOver('mpx_valid-token-0000000000');
    const [first, second] = await Promise.all([
      world.sender.receiveToken(token, AUTH_PAGE),
      world.sender.receiveToken(token, AUTH_PAGE),
    ]);
    expect([first, second]).toEqual([
      { accepted: true, result: { status: 'sent' } },
      { accepted: true, result: null },
    ]);
    expect(world.server.received).toHaveLength(1);
  });

  it('a token with nothing pending is just stored', async () => {
    const world = fakeWorld();
    await expect(
      world.sender.receiveToken(world.handOver('mpx_valid-token-0000000000'), AUTH_PAGE),
    ).resolves.toEqual({ accepted: true, result: null });
    expect(world.state().token).toBe('mpx_valid-token-0000000000');
    expect(world.requests).toEqual([]);
  });

  it('explains an unreachable server and keeps the token', async () => {
    const world = fakeWorld({ token: 'mpx_valid-token-0000000000' });
    world.server.down = true;
    await expect(world.sender.send(recipe)).resolves.toEqual({
      status: 'error',
      message: `Could not reach Mealplan at ${SERVER}. Check that it is running and that the server address in Settings is right.`,
    });
    expect(world.state().token).toBe('mpx_valid-token-0000000000');
  });

  it.each([
    [400, 'Mealplan could not accept this recipe: name: Name is required'],
    [413, 'This recipe is too large for Mealplan to save.'],
    [429, 'Mealplan is getting too many recipes at once. Wait a minute and try again.'],
    [404, `${SERVER} does not look like a Mealplan server. Check the server address in Settings.`],
    [500, 'Mealplan could not save the recipe (error 500). Try again later.'],
  ])('explains a %i answer', async (status, message) => {
    const world = fakeWorld({ token: 'mpx_valid-token-0000000000' });
    world.server.answer = status;
    await expect(world.sender.send(recipe)).resolves.toEqual({ status: 'error', message });
    expect(world.opened).toEqual([]);
    expect(world.state().lastResult).toMatchObject({ status: 'error', message, url: recipe.url });
  });

  it('forget() drops the token and the pending recipe (the server address changed)', async () => {
    const world = fakeWorld({ token: 'mpx_valid-token-0000000000' });
    world.server.validToken = 'mpx_other-token-00000000000';
    await world.sender.send(recipe);
    await world.sender.forget();
    expect(world.state()).toEqual({ server: SERVER });
  });
});
