import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCodeCache, runBundle, writeCodeCache } from './code-cache.js';

// A bundle whose answer is in its bytecode: two builds of the same length that answer differently
// are what a stale cache after an upgrade looks like to V8 (it checks only the source's length).
const bundleSource = (answer: string) => `
const path = require('node:path');
function describe() { return { answer: '${answer}', file: path.basename(__filename), dir: __dirname }; }
module.exports.describe = describe;
module.exports.self = this === module.exports;
`;
const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

let dir: string;
let bundle: string;
let cache: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
  bundle = path.join(dir, 'server.cjs');
  cache = `${bundle}.v8cache`;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the bundle answering `answer`, runs it with whatever cache is there; what it says and whether the cache was taken. */
function run(answer: string) {
  const source = bundleSource(answer);
  fs.writeFileSync(bundle, source);
  const loaded = runBundle(bundle, hashOf(source), cache);
  const { describe } = loaded.exports as { describe: () => { answer: string; file: string; dir: string } };
  return { loaded, ...describe(), self: loaded.exports.self };
}

/** Runs the bundle answering `answer` once and writes the cache of what it compiled. */
function writeCacheOf(answer: string) {
  const { loaded } = run(answer);
  writeCodeCache(cache, hashOf(bundleSource(answer)), loaded.createCache());
}

describe('runBundle', () => {
  it('runs a CommonJS bundle as Node requires one, without a cache', () => {
    expect(fs.existsSync(cache)).toBe(false);
    const result = run('one');
    expect(result).toMatchObject({ answer: 'one', file: 'server.cjs', dir, self: true });
    expect(result.loaded.cached).toBe(false);
  });

  it('takes the cache its own build wrote, and runs the same', () => {
    writeCacheOf('one');
    expect(readCodeCache(cache, hashOf(bundleSource('one')))).toBeInstanceOf(Buffer);
    const result = run('one');
    expect(result.loaded.cached).toBe(true);
    expect(result).toMatchObject({ answer: 'one', file: 'server.cjs', dir, self: true });
  });

  it("leaves another build's cache aside after an upgrade, even one of the same length", () => {
    writeCacheOf('one');
    expect(bundleSource('two')).toHaveLength(bundleSource('one').length);
    expect(readCodeCache(cache, hashOf(bundleSource('two')))).toBeUndefined();
    const result = run('two');
    expect(result.loaded.cached).toBe(false);
    expect(result.answer).toBe('two');
  });

  it('leaves aside a cache made by another Node or for another architecture', () => {
    writeCacheOf('one');
    const data = fs.readFileSync(cache);
    const newline = data.indexOf(10);
    const head = JSON.parse(data.toString('utf8', 0, newline)) as Record<string, unknown>;
    for (const [key, other] of [
      ['node', 'v18.0.0'],
      ['v8', '1.0'],
      ['arch', 'not-this-one'],
      ['format', 0],
    ] as const) {
      const changed = Buffer.from(`${JSON.stringify({ ...head, [key]: other })}\n`);
      fs.writeFileSync(cache, Buffer.concat([changed, data.subarray(newline + 1)]));
      expect(readCodeCache(cache, hashOf(bundleSource('one'))), key).toBeUndefined();
      const result = run('one');
      expect(result.loaded.cached).toBe(false);
      expect(result.answer).toBe('one');
    }
  });

  it('falls back to compiling when the cache is truncated, garbled or not a cache at all', () => {
    writeCacheOf('one');
    const whole = fs.readFileSync(cache);
    const newline = whole.indexOf(10);
    const garbled = Buffer.from(whole);
    crypto.randomFillSync(garbled, newline + 1);
    // V8 itself takes a cache with a byte changed inside (it checks only its own header): the CRC.
    const flipped = Buffer.from(whole);
    flipped[newline + 1 + ((whole.length - newline) >> 1)]! ^= 0xff;
    for (const [what, data] of [
      ['truncated', whole.subarray(0, whole.length - 100)],
      ['only its header', whole.subarray(0, newline + 1)],
      ['garbled after its header', garbled],
      ['one byte changed', flipped],
      ['empty', Buffer.alloc(0)],
      ['not JSON', Buffer.from('{"format":\n')],
      ['no header line', crypto.randomBytes(4096).fill(32)],
    ] as const) {
      fs.writeFileSync(cache, data);
      const result = run('one');
      expect(result.loaded.cached, what).toBe(false);
      expect(result.answer, what).toBe('one');
    }
  });

  it('writes a cache whole or not at all: nothing is left beside it', () => {
    writeCacheOf('one');
    expect(fs.readdirSync(dir).sort()).toEqual(['server.cjs', 'server.cjs.v8cache']);
  });
});
