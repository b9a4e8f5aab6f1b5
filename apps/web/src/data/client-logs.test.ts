import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_LOGS_URL, createWebLogger } from './client-logs';

function recorder() {
  const bodies: { correlationId: string; logs: { level: string; message: string }[] }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    expect(String(url)).toBe(CLIENT_LOGS_URL);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(null, { status: 204 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('web logger', () => {
  it('posts warnings and errors in a batch after 5 s, dropping duplicates and lower levels', async () => {
    const { fetch, bodies } = recorder();
    const logger = createWebLogger({ fetch, correlationId: 'page-1', echo: false });
    logger.info('not sent by default');
    logger.warn('slow network');
    logger.error('Get request failed', new Error('GET /api/notes answered 500'));
    logger.error('Get request failed', new Error('again'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(bodies).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toEqual([
      {
        correlationId: 'page-1',
        logs: [
          { level: 'warn', message: 'slow network' },
          expect.objectContaining({
            level: 'error',
            message: 'Get request failed',
            _message: 'GET /api/notes answered 500',
          }),
        ],
      },
    ]);
  });

  it('sends a full batch of 20 at once and stops after about 10 flushes', async () => {
    const { fetch, bodies } = recorder();
    const logger = createWebLogger({ fetch, echo: false });
    for (let i = 0; i < 20; i++) logger.error(`error ${i}`);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.logs).toHaveLength(20);
    for (let i = 20; i < 400; i++) logger.error(`error ${i}`);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bodies.length).toBeLessThanOrEqual(10);
  });
});
