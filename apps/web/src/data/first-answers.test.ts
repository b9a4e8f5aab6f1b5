import { afterEach, describe, expect, it } from 'vitest';
import { keepFirstAnswers, takeFirstAnswer, type FirstAnswer } from './first-answers';

afterEach(() => keepFirstAnswers({}));

describe("the first-paint script's answers", () => {
  it('are taken once each, as the GET would give them', async () => {
    const text = '{"days":{}}';
    keepFirstAnswers({ agenda: Promise.resolve({ status: 200, etag: '"a1"', text, doc: { days: {} } }) });
    await expect(takeFirstAnswer('agenda')).resolves.toEqual({
      status: 200,
      doc: { days: {} },
      etag: '"a1"',
      text,
    });
    expect(takeFirstAnswer('agenda')).toBeUndefined();
    expect(takeFirstAnswer('notes')).toBeUndefined();
  });

  it('parse a body the script did not', async () => {
    keepFirstAnswers({ notes: Promise.resolve({ status: 200, etag: '"n1"', text: '{"notes":{"x":"y"}}' }) });
    await expect(takeFirstAnswer('notes')).resolves.toMatchObject({ doc: { notes: { x: 'y' } } });
  });

  // A failure is given as one, so the first GET goes to the server (early-documents.ts).
  it.each<[string, FirstAnswer, unknown]>([
    ['a refusal (signed out)', { status: 401, etag: null, text: '{"message":"Unauthorized"}' }, 401],
    ['a server error', { status: 503, etag: null, text: '' }, 503],
    ['a failed request', { status: 'network-error', etag: null, text: '' }, 'network-error'],
    ['an answer without an ETag', { status: 200, etag: null, text: '{"notes":{}}' }, 'network-error'],
    ['an unreadable body', { status: 200, etag: '"n1"', text: '{"notes":' }, 'network-error'],
  ])('give %s as a failure', async (_what, answer, status) => {
    keepFirstAnswers({ notes: Promise.resolve(answer) });
    await expect(takeFirstAnswer('notes')).resolves.toEqual({ status });
  });
});
