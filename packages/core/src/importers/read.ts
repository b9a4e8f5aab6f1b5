/**
 * Reads another app's export into recipes, telling the format by what the file holds, never by its
 * name (docs/BEHAVIOUR.md "Import & export"):
 * - a zip of gzip members of JSON: Paprika (`.paprikarecipes`); one gzip member alone: one Paprika recipe;
 * - a zip of zips each with a `recipe.json` holding `steps`: Tandoor (a lone recipe zip too);
 * - JSON with Mealie's field names, alone or in a zip with its images: Mealie;
 * - schema.org Recipe JSON-LD (one, a list or a `@graph`; RecipeSage's export; ours with its
 *   images), alone or in a zip.
 * Anything else, an empty file or one with no recipe, is refused with an ArchiveError.
 */
import {
  ArchiveError,
  fromBase64,
  gunzip,
  isGzip,
  isImageName,
  isZip,
  json,
  newBudget,
  unzipSteps,
  type Budget,
} from './archive.js';
import {
  fromJsonLd,
  fromMealie,
  fromPaprika,
  fromTandoor,
  jsonLdRecipes,
  looksLikeMealie,
  looksLikePaprika,
  looksLikeTandoor,
} from './formats.js';
import { runSteps, runStepsCooperatively, type CooperativeOptions, type Steps } from './steps.js';
import type { ArchiveContents, ArchiveFormat, ArchiveRecipe } from './types.js';

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '');

/** Resolves `ref` against the folder `base`, dropping './' steps; undefined if it climbs out. */
function resolve(base: string, ref: string): string {
  const steps = `${base}${ref.replace(/\\/g, '/')}`.split('/');
  const out: string[] = [];
  for (const step of steps) {
    if (step === '.' || step === '') continue;
    if (step === '..') out.pop();
    else out.push(step);
  }
  return out.join('/');
}

function done(format: ArchiveFormat, recipes: (ArchiveRecipe | null)[]): ArchiveContents {
  const found = recipes.filter((r): r is ArchiveRecipe => r !== null);
  if (found.length === 0) throw new ArchiveError('ARCHIVE_NO_RECIPES');
  return { format, recipes: found };
}

/** The image of a Mealie or Tandoor recipe: `original.*` or any image in its folder or its `images/`. */
function imageNear(files: Map<string, Uint8Array>, dir: string): Uint8Array | undefined {
  const candidates = [...files.keys()].filter(
    (name) => isImageName(name) && (dirOf(name) === dir || dirOf(name) === `${dir}images/`),
  );
  candidates.sort((a, b) => Number(!/original\./i.test(a)) - Number(!/original\./i.test(b)));
  return candidates.length ? files.get(candidates[0]!) : undefined;
}

function readTandoorZip(files: Map<string, Uint8Array>): ArchiveRecipe | null {
  const entry = [...files.keys()].find((name) => name.replace(/^.*\//, '') === 'recipe.json');
  if (!entry) return null;
  const data = json(files.get(entry)!);
  if (!looksLikeTandoor(data)) return null;
  const image = [...files.keys()].find((name) => /^image\b/i.test(name.replace(/^.*\//, '')));
  return fromTandoor(data, image ? files.get(image) : undefined);
}

/** `read` of each item in turn, a step each: the per-recipe work (fields, ingredient parser, photo). */
function* eachStep<T, R>(items: readonly T[], read: (item: T) => R): Steps<R[]> {
  const out: R[] = [];
  for (const item of items) {
    out.push(read(item));
    yield;
  }
  return out;
}

function* readJsonFiles(files: Map<string, Uint8Array>): Steps<ArchiveContents | null> {
  const mealie: (ArchiveRecipe | null)[] = [];
  const jsonLd: (ArchiveRecipe | null)[] = [];
  for (const [name, bytes] of files) {
    if (isImageName(name)) continue;
    const data = json(bytes);
    yield;
    if (data === undefined) continue;
    const dir = dirOf(name);
    if (looksLikeMealie(data)) {
      mealie.push(fromMealie(data, imageNear(files, dir)));
      yield;
      continue;
    }
    const image = (ref: string) => files.get(resolve(dir, ref));
    jsonLd.push(...(yield* eachStep(jsonLdRecipes(data), (node) => fromJsonLd(node, image))));
  }
  if (mealie.length >= jsonLd.length && mealie.length > 0) return done('mealie', mealie);
  if (jsonLd.length > 0) return done('json-ld', jsonLd);
  return null;
}

function* readZip(bytes: Uint8Array, budget: Budget): Steps<ArchiveContents> {
  const files = yield* unzipSteps(bytes, budget);
  if (files.size === 0) throw new ArchiveError('ARCHIVE_NO_RECIPES');
  const entries = [...files.values()];
  const gzipped = entries.filter(isGzip);
  if (gzipped.length > 0) {
    const recipes = yield* eachStep(gzipped, (data) => {
      const recipe = json(gunzip(data, budget));
      return looksLikePaprika(recipe) ? fromPaprika(recipe, fromBase64) : null;
    });
    return done('paprika', recipes);
  }
  const zipped = entries.filter(isZip);
  if (zipped.length > 0) {
    const recipes: (ArchiveRecipe | null)[] = [];
    for (const data of zipped) {
      recipes.push(readTandoorZip(yield* unzipSteps(data, budget)));
      yield;
    }
    return done('tandoor', recipes);
  }
  const single = readTandoorZip(files);
  if (single) return { format: 'tandoor', recipes: [single] };
  const fromJson = yield* readJsonFiles(files);
  if (fromJson) return fromJson;
  throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
}

/**
 * The reader, as steps (steps.ts): a zip is inflated a few files at a time and every recipe is a
 * step, so the longest step is one file's unpacking and parsing (for a JSON-LD file of all the
 * recipes, its JSON.parse).
 */
function* readSteps(bytes: Uint8Array): Steps<ArchiveContents> {
  if (bytes.length === 0) throw new ArchiveError('ARCHIVE_EMPTY');
  const budget = newBudget();
  if (isZip(bytes)) return yield* readZip(bytes, budget);
  if (isGzip(bytes)) {
    const recipe = json(gunzip(bytes, budget));
    if (looksLikePaprika(recipe)) return done('paprika', [fromPaprika(recipe, fromBase64)]);
    throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
  }
  const data = json(bytes);
  if (data === undefined) throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
  yield;
  if (looksLikeTandoor(data)) return done('tandoor', [fromTandoor(data, undefined)]);
  const list = Array.isArray(data) ? data : [data];
  if (list.some(looksLikeMealie))
    return done('mealie', yield* eachStep(list.filter(looksLikeMealie), (r) => fromMealie(r, undefined)));
  if (list.some(looksLikePaprika) && jsonLdRecipes(data).length === 0)
    return done('paprika', yield* eachStep(list.filter(looksLikePaprika), (r) => fromPaprika(r, fromBase64)));
  const nodes = jsonLdRecipes(data);
  if (nodes.length > 0)
    return done('json-ld', yield* eachStep(nodes, (node) => fromJsonLd(node, () => undefined)));
  throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
}

/** Every recipe in an uploaded file, or an ArchiveError saying why not; all in one go. */
export function readRecipeArchive(bytes: Uint8Array): ArchiveContents {
  return runSteps(readSteps(bytes));
}

/**
 * The same as readRecipeArchive, letting other work run whenever a slice of time (15 ms by
 * default) has passed: what the server reads uploads with, so one big file does not hold every
 * other request (docs/ARCHITECTURE.md).
 */
export function readRecipeArchiveAsync(
  bytes: Uint8Array,
  options?: CooperativeOptions,
): Promise<ArchiveContents> {
  return runStepsCooperatively(readSteps(bytes), options);
}
