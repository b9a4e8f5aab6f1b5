/**
 * Reading an archive as a list of small steps, so one reader serves both callers: run straight
 * through (`runSteps`), or with the event loop let in between steps (`runStepsCooperatively`), so
 * a server reading a 2,000-recipe file keeps answering everyone else (docs/ARCHITECTURE.md). The
 * reader is a generator: each bare `yield` marks a place where it may pause — after an entry, a
 * batch of unzipped files or a recipe — and nothing else differs between the two ways of running it.
 */

/** A reader's work: `yield` between steps, `return` the result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once: the synchronous reader. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export interface CooperativeOptions {
  /** Lets other work run; by default the next turn of the event loop (setImmediate, or setTimeout 0). */
  yieldNow?: () => Promise<void>;
  /** Time the steps may run in one go before they yield; 15 ms by default. */
  sliceMs?: number;
  /** The clock, in ms. */
  now?: () => number;
}

/** Core runs in the browser too, which has no setImmediate: the timers are looked up, not assumed. */
const timers = globalThis as {
  setImmediate?: (callback: () => void) => unknown;
  setTimeout?: (callback: () => void, ms: number) => unknown;
};

/** The next turn of the event loop: setImmediate (Node) comes after pending I/O, setTimeout 0 elsewhere. */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    if (timers.setImmediate) timers.setImmediate(resolve);
    else timers.setTimeout!(resolve, 0);
  });

/** Runs the steps, yielding whenever `sliceMs` have passed since the last yield. */
export async function runStepsCooperatively<T>(
  steps: Steps<T>,
  { yieldNow = nextTurn, sliceMs = 15, now = Date.now }: CooperativeOptions = {},
): Promise<T> {
  let since = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - since >= sliceMs) {
      await yieldNow();
      since = now();
    }
  }
}
