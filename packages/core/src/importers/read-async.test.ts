import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS, ArchiveError, readRecipeArchive, readRecipeArchiveAsync } from './index.js';
import { newBudget, UNZIP_STEP_BYTES, UNZIP_STEP_FILES, unzipSteps } from './archive.js';
import {
  base64,
  jsonBytes,
  mealieFile,
  paprikaArchive,
  PNG,
  recipeSage,
  tandoorFile,
} from './samples.test-helpers.js';

/** A Paprika export of `count` recipes, each with ingredients to parse and a photo to decode. */
const paprikaOf = (count: number) =>
  paprikaArchive(
    Array.from({ length: count }, (_, i) => ({
      uid: `r${i}`,
      name: `Stew no. ${i + 1}`,
      ingredients: `2 cups flour\n1 tsp salt\n${i + 1} eggs, beaten\n400 g beef`,
      directions: 'Cook it.',
      servings: '4',
      photo_data: base64(PNG),
    })),
  );

/** Reads with a yield function that counts its calls. */
async function readCounting(bytes: Uint8Array, sliceMs: number) {
  let yields = 0;
  const contents = await readRecipeArchiveAsync(bytes, {
    sliceMs,
    yieldNow: async () => {
      yields++;
    },
  });
  return { contents, yields };
}

describe('readRecipeArchiveAsync', () => {
  it('reads a large export recipe by recipe, letting other work in, into what the one-go reader reads', async () => {
    const file = paprikaOf(400);
    // A slice of 0 ms yields at every place the reader may pause: at least once a recipe.
    const { contents, yields } = await readCounting(file, 0);
    expect(contents.recipes).toHaveLength(400);
    expect(yields).toBeGreaterThanOrEqual(400);
    expect(contents).toEqual(readRecipeArchive(file));
    // With the default slice (real clock, the next turn of the event loop) it reads the same.
    expect(await readRecipeArchiveAsync(file)).toEqual(contents);
  });

  it('reads every format as the one-go reader does, and refuses what it refuses', async () => {
    const jsonLdZip = zipSync({ 'a/recipes.json': jsonBytes(recipeSage), 'a/one.png': PNG });
    for (const file of [mealieFile(), tandoorFile(), jsonBytes(recipeSage), jsonLdZip]) {
      expect((await readCounting(file, 0)).contents).toEqual(readRecipeArchive(file));
    }
    const tooMany = zipSync(
      Object.fromEntries(Array.from({ length: ARCHIVE_LIMITS.entries + 1 }, (_, i) => [`${i}.json`, PNG])),
      { level: 0 },
    );
    for (const [file, code] of [
      [new Uint8Array(), 'ARCHIVE_EMPTY'],
      [jsonBytes({ hello: 'world' }), 'ARCHIVE_UNKNOWN_FORMAT'],
      [tooMany, 'ARCHIVE_TOO_MANY_FILES'],
    ] as const) {
      expect(() => readRecipeArchive(file)).toThrow(code);
      await expect(readRecipeArchiveAsync(file)).rejects.toThrow(code);
    }
  });

  it('inflates a zip a few files at a time, into the files fflate unzips in one go', () => {
    // 12 files of 512 KiB, compressible: a step takes UNZIP_STEP_BYTES of them.
    const files = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`f${i}.json`, strToU8(`[${'1,'.repeat(256 * 1024 - 1)}${i}]`)]),
    );
    const zip = zipSync({ 'folder/': new Uint8Array(), ...files });
    const steps = unzipSteps(zip, newBudget());
    let paused = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) paused++;
    expect(paused).toBe((12 * 512 * 1024) / UNZIP_STEP_BYTES);
    const whole = Object.entries(unzipSync(zip)).filter(([name]) => !name.endsWith('/'));
    expect([...step.value.keys()]).toEqual(whole.map(([name]) => name));
    // Compared byte by byte here: toEqual on megabytes of Uint8Array takes a minute.
    const same = (a: Uint8Array, b: Uint8Array) =>
      a.length === b.length && a.every((byte, i) => byte === b[i]);
    expect(whole.filter(([name, data]) => !same(step.value!.get(name)!, data))).toEqual([]);
  });

  it('refuses a zip bomb before inflating any of it', () => {
    // More small files first than one step inflates, then one that claims more than the cap.
    const small = Array.from({ length: UNZIP_STEP_FILES + 50 }, (_, i) => [
      `${i}.json`,
      jsonBytes(recipeSage),
    ]);
    const bomb = zipSync({ ...Object.fromEntries(small), 'big.json': new Uint8Array(1024) });
    // The last central directory entry's uncompressed size (offset 24 in it) claims 300 MiB.
    const central = bomb.findLastIndex(
      (_, i) => bomb[i] === 0x50 && bomb[i + 1] === 0x4b && bomb[i + 2] === 1 && bomb[i + 3] === 2,
    );
    new DataView(bomb.buffer).setUint32(central + 24, 300 * 1024 * 1024, true);
    // The very first step throws: nothing was inflated, not even the small files before the big one.
    expect(() => unzipSteps(bomb, newBudget()).next()).toThrow(
      new ArchiveError('ARCHIVE_UNPACKED_TOO_LARGE', { limit: ARCHIVE_LIMITS.unpackedBytes / 1024 / 1024 }),
    );
  });
});
