import { describe, expect, it } from 'vitest';
import { LARGE_BODY_CHARS, parseJsonApart, yieldToMain } from './main-thread';

/** A document as large as a big account's recipes: over the size that is parsed apart. */
function largeText(): string {
  const recipes: Record<string, unknown> = {};
  for (let i = 0; i < 6000; i++) recipes[`r${i}`] = { id: `r${i}`, name: `Recipe ${i}`, madeOn: [] };
  const text = JSON.stringify({ recipes });
  expect(text.length).toBeGreaterThan(LARGE_BODY_CHARS);
  return text;
}

/** Whether a task queued now (a zero-delay timer) has run by the time `work` settles. */
async function otherTaskRanDuring(work: () => Promise<unknown>): Promise<boolean> {
  let ran = false;
  setTimeout(() => (ran = true), 0);
  await work();
  return ran;
}

describe('yieldToMain', () => {
  it('resolves in a later task, after tasks already queued', async () => {
    expect(await otherTaskRanDuring(yieldToMain)).toBe(true);
  });
});

describe('parseJsonApart', () => {
  it('gives what JSON.parse gives, and undefined for empty or malformed text', async () => {
    const text = largeText();
    expect(await parseJsonApart(text)).toEqual(JSON.parse(text));
    expect(await parseJsonApart('{"notes":{"a":"b"}}')).toEqual({ notes: { a: 'b' } });
    expect(await parseJsonApart('')).toBeUndefined();
    expect(await parseJsonApart('{"notes":')).toBeUndefined();
  });

  it('parses a large text in a task of its own, a small one without giving the thread back', async () => {
    expect(await otherTaskRanDuring(() => parseJsonApart(largeText()))).toBe(true);
    expect(await otherTaskRanDuring(() => parseJsonApart('{"notes":{}}'))).toBe(false);
  });
});
