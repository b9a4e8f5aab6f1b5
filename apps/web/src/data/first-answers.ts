/**
 * The documents the first-paint script (src/first-paint.ts) fetched before the app loaded, handed
 * to the data layer (docs/ARCHITECTURE.md "The agenda before the app"). On a first open of /plan
 * that script takes the server's preloaded answers to draw the agenda; the data layer's early GETs
 * (early-documents.ts) then take them from here rather than asking the server again.
 *
 * A page holds them in a global, written by the script and read once by the app: the two are built
 * apart and share only this module's types and key.
 */
import type { DocumentKind, FetchResult } from '@mealplan/core';
import { parseJsonApart } from './main-thread';

/** A document GET as the first-paint script saw it: the status, the ETag and the body. */
export interface FirstAnswer {
  status: number | 'network-error';
  etag: string | null;
  text: string;
  /** The body parsed, when the script parsed it (it is not parsed twice). */
  doc?: unknown;
}

export type FirstAnswers = Partial<Record<DocumentKind, Promise<FirstAnswer>>>;

const KEY = '__mealplanFirstAnswers';

/** Keeps the first-paint script's GETs for the app. */
export function keepFirstAnswers(answers: FirstAnswers): void {
  (globalThis as Record<string, unknown>)[KEY] = answers;
}

/**
 * The first-paint script's answer for `kind`, once, as the data layer's GET would give it; undefined
 * when the script did not ask for `kind` (or it was taken). A failed, refused or unreadable answer
 * is given as the failure it was, and the first GET then goes to the server as usual
 * (`withEarlyAnswer` in early-documents.ts), as it would after a failed early GET of its own.
 */
export function takeFirstAnswer(kind: DocumentKind): Promise<FetchResult<unknown>> | undefined {
  const answers = (globalThis as Record<string, unknown>)[KEY] as FirstAnswers | undefined;
  const answer = answers?.[kind];
  if (!answer) return undefined;
  delete answers[kind];
  return answer.then(async (first) => {
    if (first.status !== 200) return { status: first.status };
    const doc = first.doc ?? (await parseJsonApart(first.text));
    if (!first.etag || doc === undefined || doc === null) return { status: 'network-error' };
    return { status: 200, doc, etag: first.etag, text: first.text };
  });
}
