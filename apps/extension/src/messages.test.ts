import { describe, expect, it } from 'vitest';
import { EXTENSION_TOKEN_MESSAGE, readInternalMessage, readTokenMessage } from './messages';

const token = 'mpx_Qm9vdHN0cmFwVG9rZW4xMjM0NTY3ODkw';
const origin = 'https://meals.example.org';

describe('readTokenMessage', () => {
  it('accepts what /authorize-chrome-extension posts', () => {
    expect(readTokenMessage({ type: EXTENSION_TOKEN_MESSAGE, token, origin })).toEqual({ token, origin });
    expect(
      readTokenMessage({ type: 'mealplan:chrome-extension-token', token, origin: 'http://localhost:3000' }),
    ).toEqual({
      token,
      origin: 'http://localhost:3000',
    });
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'mealplan:chrome-extension-token'],
    ['another type', { type: 'webpack-ok', token, origin }],
    ['no token', { type: EXTENSION_TOKEN_MESSAGE, origin }],
    ['a number token', { type: EXTENSION_TOKEN_MESSAGE, token: 1234567890123456, origin }],
    ['a short token', { type: EXTENSION_TOKEN_MESSAGE, token: 'mpx_abc', origin }],
    ['a token with spaces', { type: EXTENSION_TOKEN_MESSAGE, token: `${token} ${token}`, origin }],
    [
      'a token with markup',
      { type: EXTENSION_TOKEN_MESSAGE, token: `<img src=x onerror=alert(1)>${token}`, origin },
    ],
    ['a huge token', { type: EXTENSION_TOKEN_MESSAGE, token: 'a'.repeat(600), origin }],
    ['no origin', { type: EXTENSION_TOKEN_MESSAGE, token }],
    ['an origin with a path', { type: EXTENSION_TOKEN_MESSAGE, token, origin: `${origin}/x` }],
    ['a javascript origin', { type: EXTENSION_TOKEN_MESSAGE, token, origin: 'javascript:alert(1)' }],
  ])('refuses %s', (_label, data) => {
    expect(readTokenMessage(data)).toBeNull();
  });
});

describe('readInternalMessage', () => {
  it('reads a send request and a relayed token', () => {
    const recipe = { name: 'Soup', url: 'https://cook.example/soup', ingredients: ['1 onion'] };
    expect(readInternalMessage({ type: 'mealplan:send', recipe })).toEqual({ type: 'mealplan:send', recipe });
    expect(
      readInternalMessage({
        type: 'mealplan:token',
        message: { type: EXTENSION_TOKEN_MESSAGE, token, origin },
      }),
    ).toEqual({ type: 'mealplan:token', message: { token, origin } });
  });

  it('refuses relays that are not a valid hand-over, and unknown messages', () => {
    expect(readInternalMessage({ type: 'mealplan:token', message: { token, origin } })).toBeNull();
    expect(readInternalMessage({ type: 'mealplan:send' })).toBeNull();
    expect(readInternalMessage({ type: 'mealplan:delete-everything' })).toBeNull();
    expect(readInternalMessage(null)).toBeNull();
  });
});

describe('the hand-over between the web app and the extension', () => {
  it('reads exactly what /authorize-chrome-extension posts, on both channels', async () => {
    const { sendTokenToExtension } = await import('../../web/src/auth/extension-message');
    const posted: unknown[] = [];
    const sentToExtension: [string, unknown][] = [];
    const page = {
      location: { origin },
      postMessage: (message: unknown) => posted.push(message),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      chrome: {
        runtime: { sendMessage: (id: string, message: unknown) => sentToExtension.push([id, message]) },
      },
    } as unknown as Window;
    void sendTokenToExtension(token, 'abcdefghijklmnopabcdefghijklmnop', page, 0);
    expect(posted.map(readTokenMessage)).toEqual([{ token, origin }]);
    expect(sentToExtension.map(([id, message]) => [id, readTokenMessage(message)])).toEqual([
      ['abcdefghijklmnopabcdefghijklmnop', { token, origin }],
    ]);
  });
});
