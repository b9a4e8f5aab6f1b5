/**
 * How long core's archive reader holds the event loop at a time: each file read once in one go
 * (readRecipeArchive) and once in slices (readRecipeArchiveAsync, the server's), next to the ~50 ms
 * a server may spend on one task before other users notice.
 *
 *   npx tsx --conditions=source bench/archive-read.ts [--recipes 2000]
 *
 * The files, built here: a Paprika export (a stored zip of gzipped JSON recipes, each with a 20 kB
 * base64 photo, as the recipe-import bench's), the same recipes as a deflated zip of JSON files
 * (Mealie-like folders with their images), and as one JSON-LD file (its JSON.parse is one step).
 * It prints the file's size, the one-go read (the longest task the sync reader makes), and for the
 * sliced read its wall time, the number of yields, the longest time between two yields and the CPU
 * time of the process in that slice (less than the wall time when the machine's other work took
 * the core; more when V8's helper threads, e.g. the garbage collector's, ran alongside).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync, strToU8, zipSync } from 'fflate';
import { readRecipeArchive, readRecipeArchiveAsync } from '@mealplan/core/importers';

const { values: args } = parseArgs({ options: { recipes: { type: 'string', default: '2000' } } });
const RECIPES = Math.max(1, Number(args.recipes));
const LIMIT_MS = 50;

/** 20 kB of noise: photo-sized, as incompressible as a JPEG. */
let seed = 1;
const photo = Uint8Array.from(
  { length: 20_000 },
  () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 255,
);
const photoBase64 = Buffer.from(photo).toString('base64');

const ingredients = (i: number) => [
  '2 cups flour',
  '1 tsp salt',
  `${(i % 5) + 1} eggs, beaten`,
  '400 g beef, diced',
  '1 onion, chopped',
  '2 tbsp olive oil',
];

function paprika(): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < RECIPES; i++) {
    const recipe = {
      uid: `r${i}`,
      name: `Stew no. ${i + 1}`,
      ingredients: ingredients(i).join('\n'),
      directions: 'Brown the beef.\nSimmer for an hour.',
      servings: '4',
      prep_time: '15 min',
      photo_data: photoBase64,
    };
    files[`${recipe.name}.paprikarecipe`] = gzipSync(strToU8(JSON.stringify(recipe)));
  }
  return zipSync(files, { level: 0 });
}

function mealie(): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < RECIPES; i++) {
    const recipe = {
      name: `Stew no. ${i + 1}`,
      slug: `stew-${i + 1}`,
      recipeIngredient: ingredients(i).map((note) => ({ note })),
      recipeInstructions: [{ text: 'Brown the beef.' }, { text: 'Simmer for an hour.' }],
      recipeYield: '4 servings',
    };
    files[`recipes/stew-${i + 1}/stew-${i + 1}.json`] = strToU8(JSON.stringify(recipe));
    files[`recipes/stew-${i + 1}/images/original.webp`] = photo;
  }
  return zipSync(files, { level: 6 });
}

function jsonLd(): Uint8Array {
  const recipes = Array.from({ length: RECIPES }, (_, i) => ({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: `Stew no. ${i + 1}`,
    recipeIngredient: ingredients(i),
    recipeInstructions: ['Brown the beef.', 'Simmer for an hour.'],
    image: `data:image/jpeg;base64,${photoBase64}`,
  }));
  return strToU8(JSON.stringify(recipes));
}

async function measure(label: string, file: Uint8Array) {
  const oneGoFrom = performance.now();
  const { recipes } = readRecipeArchive(file);
  const oneGo = performance.now() - oneGoFrom;
  let yields = 0;
  let longest = 0;
  let longestCpu = 0;
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const from = last;
  const slice = () => {
    longest = Math.max(longest, performance.now() - last);
    const cpu = process.cpuUsage(lastCpu);
    longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
  };
  await readRecipeArchiveAsync(file, {
    yieldNow: async () => {
      slice();
      yields++;
      await new Promise((resolve) => setImmediate(resolve));
      last = performance.now();
      lastCpu = process.cpuUsage();
    },
  });
  slice();
  const sliced = performance.now() - from;
  console.log(
    `${label.padEnd(34)}${`${(file.byteLength / 1024 / 1024).toFixed(1)} MB`.padStart(9)}${String(recipes.length).padStart(6)}` +
      `${Math.round(oneGo).toString().padStart(9)} ms${Math.round(sliced).toString().padStart(9)} ms${String(yields).padStart(7)}` +
      `${Math.round(longest).toString().padStart(9)} ms${Math.round(longestCpu).toString().padStart(9)} ms` +
      `${longest <= LIMIT_MS ? '' : `  over ${LIMIT_MS} ms`}`,
  );
}

console.log(`${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`);
console.log(
  `${'file'.padEnd(34)}${'size'.padStart(9)}${'read'.padStart(6)}${'one go'.padStart(12)}${'sliced'.padStart(12)}${'yields'.padStart(7)}${'longest'.padStart(12)}${'its CPU'.padStart(12)}`,
);
await measure('Paprika (stored zip of gzip)', paprika());
await measure('Mealie-like (deflated zip, images)', mealie());
await measure('JSON-LD (one JSON file)', jsonLd());
