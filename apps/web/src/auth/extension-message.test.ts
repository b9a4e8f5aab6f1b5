import { describe, expect, it, vi } from 'vitest';
import { EXTENSION_TOKEN_MESSAGE, sendTokenToExtension } from './extension-message';

function fakeWindow(runtime?: { sendMessage: ReturnType<typeof vi.fn> }) {
  return {
    location: { origin: 'https://meals.example.org' },
    postMessage: vi.fn(),
    chrome: runtime ? { runtime } : undefined,
  } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
}

describe('sendTokenToExtension', () => {
  it('posts the token to this page only (same origin)', () => {
    const target = fakeWindow();
    sendTokenToExtension('tok', null, target);
    expect(target.postMessage).toHaveBeenCalledWith(
      { type: EXTENSION_TOKEN_MESSAGE, token: 'tok', origin: 'https://meals.example.org' },
      'https://meals.example.org',
    );
  });

  it('also messages the extension by id when the browser offers chrome.runtime', () => {
    const sendMessage = vi.fn();
    sendTokenToExtension('tok', 'abcdef', fakeWindow({ sendMessage }));
    expect(sendMessage).toHaveBeenCalledWith(
      'abcdef',
      expect.objectContaining({ type: EXTENSION_TOKEN_MESSAGE, token: 'tok' }),
      expect.any(Function),
    );
  });

  it('survives an extension that is not installed', () => {
    const sendMessage = vi.fn(() => {
      throw new Error('Could not establish connection');
    });
    expect(() => sendTokenToExtension('tok', 'abcdef', fakeWindow({ sendMessage }))).not.toThrow();
  });
});
