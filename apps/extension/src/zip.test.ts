/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { writeZip } from '../zip.mjs';

/** Reads a zip back through its central directory, as unzip tools do. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + compressed);
    const data = method === 8 ? zlib.inflateRawSync(body) : Buffer.from(body);
    expect(data.length).toBe(size);
    expect(zlib.crc32(data)).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength;
  }
  return files;
}

describe('writeZip', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds every file of the folder, nested ones with / paths, byte for byte', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
    dirs.push(dir);
    const files = new Map<string, Buffer>([
      ['manifest.json', Buffer.from(JSON.stringify({ manifest_version: 3, name: 'Mealplan' }))],
      ['popup.js', Buffer.from('console.log("recipe");\n'.repeat(500))],
      ['icons/icon-16.png', Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) % 256))],
      ['empty.txt', Buffer.alloc(0)],
      ['crème brûlée.txt', Buffer.from('ünïcode name')],
    ]);
    for (const [name, data] of files) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), data);
    }
    const zipFile = path.join(dir, '..', `${path.basename(dir)}.zip`);
    dirs.push(zipFile);
    const size = writeZip(dir, zipFile);
    const zip = fs.readFileSync(zipFile);
    expect(size).toBe(zip.length);
    expect(readZip(zip)).toEqual(files);
    // Text compresses: the repeated script takes far less room than its 12 kB.
    expect(zip.length).toBeLessThan(3000);
  });
});
