import type { FetchResult } from '@mealplan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFirstAnswers, takeFirstAnswer, type FirstAnswer } from './first-answers';

afterEach(() => keepFirstAnswers({}));

const fromNetwork: FetchResult<unknown> = { status: 200, doc: { notes: {} }, etag: '"net"', text: '{"notes":{}}' };

describe("the first-paint script's answers", () => {
  it('are taken once each, as the GET would give them, without asking the server again', async () => {
    const text = '{"days":{}}';
    keepFirstAnswers({ agenda: Promise.resolve({ status: 200, etag: '"a1"', text, doc: { days: {} } }) });
    const get = vi.fn(async () => fromNetwork);
    await expect(takeFirstAnswer('agenda', get)).resolves.toEqual({
      status: 200,
      doc: { days: {} },
      etag: '"a1"',
      text,
    });
    expect(takeFirstAnswer('agenda', get)).toBeUndefined();
    expect(takeFirstAnswer('notes', get)).toBeUndefined();
    expect(get).not.toHaveBeenCalled();
  });

  it('parse a body the script did not', async () => {
    keepFirstAnswers({ notes: Promise.resolve({ status: 200, etag: '"n1"', text: '{"notes":{"x":"y"}}' }) });
    await expect(takeFirstAnswer('notes', vi.fn())).resolves.toMatchObject({ doc: { notes: { x: 'y' } } });
  });

  it.each<[string, FirstAnswer]>([
    ['a refusal (signed out)', { status: 401, etag: null, text: '{"message":"Unauthorized"}' }],
    ['a failed request', { status: 'network-error', etag: null, text: '' }],
    ['an answer without an ETag', { status: 200, etag: null, text: '{"notes":{}}' }],
    ['an unreadable body', { status: 200, etag: '"n1"', text: '{"notes":' }],
  ])('are asked for again after %s, as if the script had not asked', async (_what, answer) => {
    keepFirstAnswers({ notes: Promise.resolve(answer) });
    const get = vi.fn(async () => fromNetwork);
    await expect(takeFirstAnswer('notes', get)).resolves.toBe(fromNetwork);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
