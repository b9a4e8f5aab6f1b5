import fs from 'node:fs';
import { parseIngredient } from '@mealplan/core/ingredients';

/** Output is handed on in pieces of about this many characters (see writeParsedLines). */
const PIECE = 1 << 16;

/**
 * `mealplan parse-ingredients` over a block of input text: exactly one JSON object
 * `{"qty","unit","name","input"}` per input line, in order, each on its own line. A blank line gives
 * an object of empty strings, so line N of the output always answers line N of the input; a final
 * newline ends the last line rather than starting another. The output goes to `emit` in pieces of
 * whole lines, so a long input's output never sits in memory whole (and the garbage collector does
 * not copy it around while the parser runs).
 */
export function writeParsedLines(text: string, emit: (piece: string) => void): void {
  let out = '';
  const end = text.length;
  // The parser's fields are pieces of the line and its own ASCII words and numbers, so a line with
  // nothing JSON must escape (most lines) gives fields with nothing to escape. Where the next such
  // character is comes from one scan of the text, not four tests a line.
  let escapeAt = -1;
  for (let start = 0; start < end;) {
    let stop = text.indexOf('\n', start);
    if (stop < 0) stop = end;
    const next = stop + 1;
    if (stop > start && text.charCodeAt(stop - 1) === 13) stop--; // '\r' of a Windows line end
    if (escapeAt < start) {
      ESCAPE_IN_TEXT.lastIndex = start;
      escapeAt = ESCAPE_IN_TEXT.test(text) ? ESCAPE_IN_TEXT.lastIndex - 1 : end;
    }
    const plain = escapeAt >= stop;
    const { qty, unit, name, input } = parseIngredient(text.slice(start, stop));
    out += plain
      ? `{"qty":"${qty}","unit":"${unit}","name":"${name}","input":"${input}"}\n`
      : `{"qty":${quoted(qty)},"unit":${quoted(unit)},"name":${quoted(name)},"input":${quoted(input)}}\n`;
    if (out.length >= PIECE) {
      emit(out);
      out = '';
    }
    start = next;
  }
  if (out !== '') emit(out);
}

// What JSON has to escape: a quote, a backslash, a control character (anything below a space),
// and a surrogate, which JSON.stringify writes as a \u escape when it stands alone: anything but a
// space, '!', '#' to '[', and ']' on outside the surrogates. One character class, not alternatives:
// the engine tests each character once, which makes the scan of a whole text about three times
// faster (bench/README.md "cli-parse").
const NEEDS_ESCAPE = /[^ !#-[\]-\ud7ff\ue000-\uffff]/;
// The same in a whole text, where line breaks are no part of any field. One character a match.
const ESCAPE_IN_TEXT = /[^\n !#-[\]-\ud7ff\ue000-\uffff]/g;

/** `JSON.stringify(text)`, without the general call for the usual text that has nothing to escape. */
function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** The output of writeParsedLines as one string. */
export function formatParsedLines(text: string): string {
  let out = '';
  writeParsedLines(text, (piece) => {
    out += piece;
  });
  return out;
}

const isBusy = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'EAGAIN';

/**
 * Reads all of stdin as UTF-8 text. A file or a pipe is read with blocking reads, which spares the
 * start-up of a stream; if stdin turns out to be non-blocking, the rest comes through the stream.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(PIECE * 4);
      const read = fs.readSync(0, chunk, 0, chunk.length, null);
      if (read === 0) return Buffer.concat(chunks).toString('utf8');
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
    }
  } catch (error) {
    if (!isBusy(error)) throw error;
  }
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes to stdout with blocking writes (no stream to set up); if stdout turns out to be
 * non-blocking, the rest goes through the stream, and the returned promise waits until it is
 * flushed, so a piped consumer gets every line.
 */
function writer(): { write: (text: string) => void; done: () => Promise<void> } {
  let pending: Promise<void> = Promise.resolve();
  let streaming = false;
  const viaStream = (data: Buffer): void => {
    pending = new Promise((resolve, reject) => {
      process.stdout.write(data, (error) => (error ? reject(error) : resolve()));
    });
  };
  return {
    write(text) {
      // Encoded once (writing the string would encode it, and its length would be counted again).
      const data = Buffer.from(text, 'utf8');
      if (streaming) return viaStream(data);
      let written = 0;
      try {
        // A blocking write takes the whole piece; a short one is finished from the same buffer.
        while (written < data.length) written += fs.writeSync(1, data, written);
      } catch (error) {
        if (!isBusy(error)) throw error;
        streaming = true;
        viaStream(data.subarray(written));
      }
    },
    done: () => pending,
  };
}

/** `mealplan parse-ingredients`: ingredient lines on stdin, JSON lines on stdout (see writeParsedLines). */
export async function parseIngredientsCommand(_args: string[]): Promise<number> {
  const text = await readStdin();
  const out = writer();
  writeParsedLines(text, out.write);
  await out.done();
  return 0;
}
