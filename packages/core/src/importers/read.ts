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
  unzip,
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

function readJsonFiles(files: Map<string, Uint8Array>): ArchiveContents | null {
  const mealie: (ArchiveRecipe | null)[] = [];
  const jsonLd: (ArchiveRecipe | null)[] = [];
  for (const [name, bytes] of files) {
    if (isImageName(name)) continue;
    const data = json(bytes);
    if (data === undefined) continue;
    const dir = dirOf(name);
    if (looksLikeMealie(data)) {
      mealie.push(fromMealie(data, imageNear(files, dir)));
      continue;
    }
    for (const node of jsonLdRecipes(data)) {
      jsonLd.push(fromJsonLd(node, (ref) => files.get(resolve(dir, ref))));
    }
  }
  if (mealie.length >= jsonLd.length && mealie.length > 0) return done('mealie', mealie);
  if (jsonLd.length > 0) return done('json-ld', jsonLd);
  return null;
}

function readZip(bytes: Uint8Array, budget: Budget): ArchiveContents {
  const files = unzip(bytes, budget);
  if (files.size === 0) throw new ArchiveError('ARCHIVE_NO_RECIPES');
  const entries = [...files.entries()];
  const gzipped = entries.filter(([, data]) => isGzip(data));
  if (gzipped.length > 0) {
    return done(
      'paprika',
      gzipped.map(([, data]) => {
        const recipe = json(gunzip(data, budget));
        return looksLikePaprika(recipe) ? fromPaprika(recipe, fromBase64) : null;
      }),
    );
  }
  const zipped = entries.filter(([, data]) => isZip(data));
  if (zipped.length > 0)
    return done(
      'tandoor',
      zipped.map(([, data]) => readTandoorZip(unzip(data, budget))),
    );
  const single = readTandoorZip(files);
  if (single) return { format: 'tandoor', recipes: [single] };
  const fromJson = readJsonFiles(files);
  if (fromJson) return fromJson;
  throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
}

/** Every recipe in an uploaded file, or an ArchiveError saying why not. */
export function readRecipeArchive(bytes: Uint8Array): ArchiveContents {
  if (bytes.length === 0) throw new ArchiveError('ARCHIVE_EMPTY');
  const budget = newBudget();
  if (isZip(bytes)) return readZip(bytes, budget);
  if (isGzip(bytes)) {
    const recipe = json(gunzip(bytes, budget));
    if (looksLikePaprika(recipe)) return done('paprika', [fromPaprika(recipe, fromBase64)]);
    throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
  }
  const data = json(bytes);
  if (data === undefined) throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
  if (looksLikeTandoor(data)) return done('tandoor', [fromTandoor(data, undefined)]);
  const list = Array.isArray(data) ? data : [data];
  if (list.some(looksLikeMealie))
    return done(
      'mealie',
      list.filter(looksLikeMealie).map((r) => fromMealie(r, undefined)),
    );
  if (list.some(looksLikePaprika) && jsonLdRecipes(data).length === 0)
    return done(
      'paprika',
      list.filter(looksLikePaprika).map((r) => fromPaprika(r, fromBase64)),
    );
  const nodes = jsonLdRecipes(data);
  if (nodes.length > 0)
    return done(
      'json-ld',
      nodes.map((node) => fromJsonLd(node, () => undefined)),
    );
  throw new ArchiveError('ARCHIVE_UNKNOWN_FORMAT');
}
