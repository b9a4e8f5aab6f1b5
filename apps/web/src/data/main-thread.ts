/**
 * Giving the page's main thread back between the steps of a large piece of work, so that no one
 * task blocks input and painting for long (docs/ARCHITECTURE.md "Large accounts").
 */

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task: with `scheduler.yield()` where the browser has it (the continuation
 * runs ahead of other queued tasks, so the work is not put behind everything else), else after a
 * zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Answers larger than this are parsed in a task of their own: parsing 256 KiB of JSON takes a few
 * milliseconds, a 5,000-recipe document (about 3.5 MB) 50-100 ms on a laptop.
 */
export const LARGE_BODY_CHARS = 256 * 1024;

/**
 * `JSON.parse(text)`, or `undefined` for empty or malformed text; a large text is parsed in a task
 * of its own, with the thread given back before and after, so the parse does not add to the
 * tasks that read the answer and that use the result.
 */
export async function parseJsonApart(text: string): Promise<unknown> {
  const large = text.length > LARGE_BODY_CHARS;
  if (large) await yieldToMain();
  let value: unknown;
  try {
    value = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    value = undefined;
  }
  if (large) await yieldToMain();
  return value;
}
