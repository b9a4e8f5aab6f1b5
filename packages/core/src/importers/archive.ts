/**
 * Unpacking an uploaded recipe archive (docs/BEHAVIOUR.md "Import & export"): zip files (nested
 * ones too) and gzip members, read with fflate, never by hand, under one budget for the whole
 * file: at most ARCHIVE_LIMITS.unpackedBytes unpacked and ARCHIVE_LIMITS.entries files, counted
 * from the sizes the archive declares before anything is inflated (fflate inflates into a buffer
 * of the declared size, so a lying header cannot make it write more). Names that climb out of the
 * archive ('../', '/etc', 'C:') refuse the whole file. A zip is inflated a few files at a time
 * (`unzipSteps`), so a reader can let other work in between (steps.ts).
 */
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { runSteps, type Steps } from './steps.js';

/** The caps of one uploaded file, all levels together. */
export const ARCHIVE_LIMITS = {
  /** Unpacked bytes of every file in the archive, nested archives included. */
  unpackedBytes: 200 * 1024 * 1024,
  /** Files in the archive, nested archives included. */
  entries: 5000,
} as const;

/** Why an archive was refused; the server turns the code into its message (docs/API.md). */
export type ArchiveErrorCode =
  | 'ARCHIVE_EMPTY'
  | 'ARCHIVE_UNKNOWN_FORMAT'
  | 'ARCHIVE_NO_RECIPES'
  | 'ARCHIVE_DAMAGED'
  | 'ARCHIVE_UNPACKED_TOO_LARGE'
  | 'ARCHIVE_TOO_MANY_FILES'
  | 'ARCHIVE_UNSAFE_NAME';

/** A refused archive: a stable code and the values its message names. */
export class ArchiveError extends Error {
  constructor(
    readonly code: ArchiveErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`);
    this.name = 'ArchiveError';
  }
}

/** What is left of the file's budget while it is unpacked. */
export interface Budget {
  bytes: number;
  entries: number;
}

export const newBudget = (): Budget => ({
  bytes: ARCHIVE_LIMITS.unpackedBytes,
  entries: ARCHIVE_LIMITS.entries,
});

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

export const isGzip = (bytes: Uint8Array): boolean =>
  bytes.length >= 18 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A name that stays inside the archive: no '..' step, no absolute path or drive, no NUL. */
export function safeName(name: string): string {
  const path = name.replace(/\\/g, '/');
  const unsafe =
    path.includes('\u0000') ||
    path.startsWith('/') ||
    /^[a-z]:/i.test(path) ||
    path.split('/').some((step) => step === '..');
  if (unsafe) throw new ArchiveError('ARCHIVE_UNSAFE_NAME', { name: name.slice(0, 100) });
  return path;
}

function spend(budget: Budget, bytes: number, entries: number): void {
  budget.bytes -= bytes;
  budget.entries -= entries;
  if (budget.entries < 0) throw new ArchiveError('ARCHIVE_TOO_MANY_FILES', { limit: ARCHIVE_LIMITS.entries });
  if (budget.bytes < 0)
    throw new ArchiveError('ARCHIVE_UNPACKED_TOO_LARGE', {
      limit: ARCHIVE_LIMITS.unpackedBytes / 1024 / 1024,
    });
}

const damaged = (error: unknown): ArchiveError =>
  error instanceof ArchiveError
    ? error
    : new ArchiveError('ARCHIVE_DAMAGED', { cause: error instanceof Error ? error.message : 'unreadable' });

/**
 * Declared bytes inflated in one step at most (a single larger file is one step of its own): some
 * 10 ms of inflating on a busy 2-core machine. Smaller steps cost more in all, as every step walks
 * the whole central directory again (unzipSync cannot start at an entry): a few ms for 5,000 files.
 */
export const UNZIP_STEP_BYTES = 1024 * 1024;
/** Files unzipped in one step at most. */
export const UNZIP_STEP_FILES = 200;

/**
 * The files of a zip (folders left out), by their checked names, a few at a time: every name is
 * checked and every declared size spent from the budget first, with nothing inflated, so a zip bomb
 * is refused before any of it is unpacked; then the files are inflated in steps of at most
 * UNZIP_STEP_BYTES declared bytes or UNZIP_STEP_FILES files, each step fflate's own unzipSync told
 * by its filter which entries to take (the central directory's order is the same on every pass).
 */
export function* unzipSteps(bytes: Uint8Array, budget: Budget): Steps<Map<string, Uint8Array>> {
  const sizes: number[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        safeName(file.name);
        spend(budget, file.originalSize, 1);
        sizes.push(file.name.endsWith('/') ? -1 : file.originalSize);
        return false;
      },
    });
  } catch (error) {
    throw damaged(error);
  }
  // The same object the one-pass unzipSync builds: a name given twice keeps its first place.
  const files: Record<string, Uint8Array> = {};
  for (let start = 0; start < sizes.length;) {
    let end = start;
    let declared = 0;
    while (end < sizes.length && end - start < UNZIP_STEP_FILES) {
      declared += Math.max(0, sizes[end]!);
      end++;
      if (declared >= UNZIP_STEP_BYTES) break;
    }
    let index = 0;
    try {
      Object.assign(
        files,
        unzipSync(bytes, {
          filter: () => {
            const at = index++;
            return at >= start && at < end && sizes[at]! >= 0;
          },
        }),
      );
    } catch (error) {
      throw damaged(error);
    }
    start = end;
    yield;
  }
  return new Map(Object.entries(files).map(([name, data]) => [safeName(name), data]));
}

/** The files of a zip (folders left out), by their checked names, all at once. */
export const unzip = (bytes: Uint8Array, budget: Budget): Map<string, Uint8Array> =>
  runSteps(unzipSteps(bytes, budget));

/** A gzip member unpacked, its declared size checked against the budget first. */
export function gunzip(bytes: Uint8Array, budget: Budget): Uint8Array {
  const n = bytes.length;
  const declared =
    (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16) | (bytes[n - 1]! << 24)) >>> 0;
  spend(budget, declared, 0);
  try {
    return gunzipSync(bytes);
  } catch (error) {
    throw damaged(error);
  }
}

/** Bytes as text, without a byte-order mark. */
export const text = (bytes: Uint8Array): string => strFromU8(bytes).replace(/^\uFEFF/, '');

/** JSON from bytes, or undefined when they are not JSON. */
export function json(bytes: Uint8Array): unknown {
  const source = text(bytes).trim();
  if (!source.startsWith('{') && !source.startsWith('[')) return undefined;
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return undefined;
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each character code's base64 digit, 255 for a character that is none; a table, not a Map: a
 * 2,000-recipe Paprika file holds some 40 million base64 characters. */
const BASE64_VALUE = new Uint8Array(128).fill(255);
for (const [i, c] of [...BASE64].entries()) BASE64_VALUE[c.charCodeAt(0)] = i;

/** Bytes from base64 (a data: URL's too), or undefined when it is not base64. */
export function fromBase64(value: string): Uint8Array | undefined {
  const data = value
    .replace(/^data:[^,]*;base64,/, '')
    .replace(/\s+/g, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/=+$/, '');
  if (!data || data.length % 4 === 1) return undefined;
  const bytes = new Uint8Array(Math.floor((data.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let at = 0;
  for (let i = 0; i < data.length; i++) {
    const code = data.charCodeAt(i);
    const digit = code < 128 ? BASE64_VALUE[code]! : 255;
    if (digit === 255) return undefined;
    buffer = ((buffer << 6) | digit) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

const IMAGE_EXTENSION = /\.(jpe?g|png|webp|gif|avif|heic|heif|tiff?)$/i;
export const isImageName = (name: string): boolean => IMAGE_EXTENSION.test(name);
