import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

/**
 * Running a CommonJS bundle with a V8 code cache (docs/ARCHITECTURE.md "Server start-up"). Node 20
 * keeps no compile cache of its own, so `vm.Script` is given the bytecode a build-time run of the
 * same bundle left (`cachedData`): V8 then reads the functions instead of parsing and compiling
 * them. A cache is used only when it was made from this very bundle (its content hash, recorded at
 * build time) by this Node, V8 and CPU architecture and is whole; anything else (no file, another
 * build's file after an upgrade, a truncated or garbled one: its length and CRC-32 are in its
 * header) is left aside and the bundle compiles
 * from its source, as it would without a cache. V8 checks its own version, flags and the source's
 * length again and rejects what does not fit (`cachedDataRejected`).
 */

const FORMAT = 1;

interface CacheHeader {
  format: number;
  bundle: string;
  node: string;
  v8: string;
  arch: string;
  length: number;
  crc32: number;
}

/** zlib's CRC-32 (Node 20.15 and later; without it no cache is trusted). */
const crc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;

function header(bundleHash: string, payload: Buffer): CacheHeader {
  return {
    format: FORMAT,
    bundle: bundleHash,
    node: process.version,
    v8: process.versions.v8,
    arch: process.arch,
    length: payload.length,
    crc32: crc32 ? crc32(payload) : -1,
  };
}

/** The cache's bytecode when `file` holds one made from the bundle `bundleHash` by this Node; else undefined. */
export function readCodeCache(file: string, bundleHash: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const newline = data.indexOf(10);
  if (newline < 0 || newline > 1024) return undefined;
  let found: Partial<CacheHeader>;
  try {
    found = JSON.parse(data.toString('utf8', 0, newline)) as Partial<CacheHeader>;
  } catch {
    return undefined;
  }
  const payload = data.subarray(newline + 1);
  if (found?.length !== payload.length || !crc32) return undefined;
  const wanted = header(bundleHash, payload);
  for (const key of Object.keys(wanted) as (keyof CacheHeader)[]) {
    if (found?.[key] !== wanted[key]) return undefined;
  }
  return payload;
}

/** Writes a cache for the bundle `bundleHash`: to a temporary file first, so no reader sees half of one. */
export function writeCodeCache(file: string, bundleHash: string, payload: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const head = Buffer.from(`${JSON.stringify(header(bundleHash, payload))}\n`);
  try {
    fs.writeFileSync(temporary, Buffer.concat([head, payload]));
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

export interface LoadedBundle {
  /** The bundle's `module.exports`. */
  exports: Record<string, unknown>;
  /** Whether V8 took the cache (false without one). */
  cached: boolean;
  /** The cache of what V8 has compiled of the bundle so far (for the build to write). */
  createCache(): Buffer;
}

/**
 * Runs the CommonJS bundle `bundleFile` as Node would `require` it (its own `require`, `module`,
 * `__filename`, `__dirname`), compiled with the cache in `cacheFile` when that one fits.
 */
export function runBundle(bundleFile: string, bundleHash: string, cacheFile: string): LoadedBundle {
  const source = fs.readFileSync(bundleFile, 'utf8');
  const cachedData = readCodeCache(cacheFile, bundleHash);
  // The same wrapper as Node's CommonJS loader, on the source's first line (stack traces keep
  // their line numbers).
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) { ${source}\n})`,
    { filename: bundleFile, ...(cachedData ? { cachedData } : {}) },
  );
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(
    module.exports,
    module.exports,
    createRequire(bundleFile),
    module,
    bundleFile,
    path.dirname(bundleFile),
  );
  return {
    exports: module.exports,
    cached: cachedData !== undefined && !script.cachedDataRejected,
    createCache: () => script.createCachedData(),
  };
}
