import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXTENSION_ANSWER_MS,
  EXTENSION_TOKEN_MESSAGE,
  EXTENSION_TOKEN_RECEIVED,
  sendTokenToExtension,
} from './extension-message';

const ORIGIN = 'https://meals.example.org';

/** A page with its message listeners, and chrome.runtime when `runtime` is given. */
function fakeWindow(runtime?: { sendMessage: ReturnType<typeof vi.fn>; lastError?: unknown }) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const page = {
    location: { origin: ORIGIN },
    postMessage: vi.fn(),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    chrome: runtime ? { runtime } : undefined,
  };
  /** A window message arriving at the page. */
  const receive = (data: unknown, { source = page as unknown, origin = ORIGIN } = {}) => {
    for (const listener of [...listeners]) listener({ data, source, origin } as MessageEvent);
  };
  return { page: page as unknown as Window & { postMessage: ReturnType<typeof vi.fn> }, receive, listeners };
}

describe('sendTokenToExtension', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts the token to this page only (same origin)', () => {
    const { page } = fakeWindow();
    void sendTokenToExtension('tok', null, page);
    expect(page.postMessage).toHaveBeenCalledWith(
      { type: EXTENSION_TOKEN_MESSAGE, token: 'tok', origin: ORIGIN },
      ORIGIN,
    );
  });

  it("resolves true when the extension's content script answers on the page", async () => {
    const { page, receive, listeners } = fakeWindow();
    const answered = sendTokenToExtension('tok', null, page);
    receive({ type: EXTENSION_TOKEN_RECEIVED });
    await expect(answered).resolves.toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('ignores answers from other windows, other origins and other messages', async () => {
    const { page, receive } = fakeWindow();
    const answered = sendTokenToExtension('tok', null, page);
    receive({ type: EXTENSION_TOKEN_RECEIVED }, { source: {} });
    receive({ type: EXTENSION_TOKEN_RECEIVED }, { origin: 'https://evil.test' });
    receive({ type: 'something-else' });
    receive(null);
    await vi.advanceTimersByTimeAsync(EXTENSION_ANSWER_MS);
    await expect(answered).resolves.toBe(false);
  });

  it('messages the extension by id when the browser offers chrome.runtime, and takes its answer', async () => {
    const sendMessage = vi.fn((_id: string, _message: unknown, callback: (response: unknown) => void) =>
      callback({ received: true }),
    );
    const { page } = fakeWindow({ sendMessage });
    await expect(sendTokenToExtension('tok', 'abcdef', page)).resolves.toBe(true);
    expect(sendMessage).toHaveBeenCalledWith(
      'abcdef',
      expect.objectContaining({ type: EXTENSION_TOKEN_MESSAGE, token: 'tok' }),
      expect.any(Function),
    );
  });

  it('resolves false when no extension answers: not installed, refusing, or throwing', async () => {
    const runtime = {
      lastError: { message: 'Could not establish connection. Receiving end does not exist.' },
      sendMessage: vi.fn((_id: string, _message: unknown, callback: (response: unknown) => void) =>
        callback(undefined),
      ),
    };
    const missing = sendTokenToExtension('tok', 'abcdef', fakeWindow(runtime).page);
    const refusing = sendTokenToExtension(
      'tok',
      'abcdef',
      fakeWindow({
        sendMessage: vi.fn((_i, _m, callback: (r: unknown) => void) => callback({ received: false })),
      }).page,
    );
    const throwing = sendTokenToExtension(
      'tok',
      'abcdef',
      fakeWindow({
        sendMessage: vi.fn(() => {
          throw new Error('Invalid extension id');
        }),
      }).page,
    );
    await vi.advanceTimersByTimeAsync(EXTENSION_ANSWER_MS);
    await expect(Promise.all([missing, refusing, throwing])).resolves.toEqual([false, false, false]);
  });
});
