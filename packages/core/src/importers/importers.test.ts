import { gzipSync, strToU8, unzipSync, zipSync } from 'fflate';
import { jsonBytes, mealieFile, paprikaFile, PNG, recipeSage, tandoorFile } from './samples.test-helpers.js';
import { describe, expect, it } from 'vitest';
import { emptyDocument, normalizeRecipe, type Recipe, type RecipesDocument } from '../index.js';
import {
  ArchiveError,
  archiveRecipeFields,
  buildJsonLdArchive,
  findDuplicate,
  readRecipeArchive,
} from './index.js';
import { fromBase64 } from './archive.js';

describe('readRecipeArchive', () => {
  it('reads a Paprika export: gzipped JSON in a zip, photos from photo_data, odd fields noted', () => {
    const { format, recipes } = readRecipeArchive(paprikaFile());
    expect(format).toBe('paprika');
    expect(recipes.map((r) => r.name)).toEqual(['Käsespätzle', 'Porridge']);
    const [spaetzle, porridge] = recipes;
    expect(spaetzle!.ingredients[0]).toEqual({ qty: '', unit: '', name: 'Für den Teig:', input: '' });
    expect(spaetzle!.ingredients[1]).toMatchObject({ qty: '400', unit: 'g', line: '400 g Mehl' });
    expect(spaetzle!.ingredients).toHaveLength(5);
    expect(spaetzle).toMatchObject({
      instructions: 'Teig schlagen.\nSpätzle schaben.',
      servings: 4,
      prepTime: 20,
      cookTime: 70,
      url: 'https://example.de/spaetzle',
      notes: 'Mit Röstzwiebeln.',
      rating: 5,
      categories: ['Hauptgerichte'],
      unread: [],
    });
    expect(spaetzle!.photo).toEqual(PNG);
    expect(porridge!.ingredients[0]).toMatchObject({ qty: '1/2', unit: 'cup', name: 'oats' });
    expect(porridge!.rating).toBeUndefined();
    expect(porridge!.photo).toBeUndefined();
    expect(porridge!.unread).toEqual(['servings']);
  });

  it('reads one gzipped Paprika recipe on its own', () => {
    const one = gzipSync(jsonBytes({ name: 'Toast', ingredients: '2 slices bread', directions: 'Toast.' }));
    expect(readRecipeArchive(one).recipes[0]).toMatchObject({ name: 'Toast', instructions: 'Toast.' });
  });

  it('reads a Mealie export with its image, headings, objects and strings', () => {
    const { format, recipes } = readRecipeArchive(mealieFile());
    expect(format).toBe('mealie');
    const [r] = recipes;
    expect(r!.ingredients.map((i) => i.line ?? i.name)).toEqual([
      'Sauce:',
      '1 can (400 g) crushed tomatoes',
      '2 cloves garlic',
      '4 eggs, room temperature',
      'a pinch of cumin',
    ]);
    expect(r).toMatchObject({
      servings: 2,
      prepTime: 10,
      cookTime: 25,
      time: 35,
      rating: 4,
      url: 'https://example.com/shakshuka',
      instructions: 'Simmer the sauce.\nCrack in the eggs.',
      notes: 'Tip\nServe with bread.',
      categories: ['Breakfast', 'Vegetarian'],
    });
    expect(r!.photo).toEqual(PNG);
  });

  it('reads a Mealie recipe as a bare JSON file', () => {
    const file = jsonBytes({ name: 'Salad', recipeIngredient: ['1 head lettuce'], recipeInstructions: [] });
    expect(readRecipeArchive(file)).toMatchObject({ format: 'mealie', recipes: [{ name: 'Salad' }] });
  });

  it('reads a Tandoor export: a zip of recipe zips, amounts, units, headers and images', () => {
    const { format, recipes } = readRecipeArchive(tandoorFile());
    expect(format).toBe('tandoor');
    const dal = recipes.find((r) => r.name === 'Dal')!;
    expect(dal.ingredients.map((i) => i.line ?? i.name)).toEqual([
      '250 g red lentils, rinsed',
      'Tadka:',
      '1.5 tbsp ghee',
      'salt, to taste',
    ]);
    expect(dal).toMatchObject({
      prepTime: 10,
      cookTime: 30,
      servings: 3,
      instructions: 'Cook\nBoil the lentils until soft.',
      categories: ['Lunch', 'Indian'],
    });
    expect(dal.photo).toEqual(PNG);
    expect(recipes.find((r) => r.name === 'Rice')!.photo).toBeUndefined();
  });

  it("reads RecipeSage's JSON-LD: bracketed headings, source, notes and rating; web images are not fetched", () => {
    const { format, recipes } = readRecipeArchive(jsonBytes(recipeSage));
    expect(format).toBe('json-ld');
    const [miso] = recipes;
    expect(miso!.ingredients.map((i) => i.line ?? i.name)).toEqual([
      'Broth:',
      '4 cups dashi',
      '3 tbsp miso',
      'Toppings:',
      '1/2 block tofu',
    ]);
    expect(miso).toMatchObject({
      url: 'https://example.jp/miso',
      notes: 'Never boil the miso.',
      rating: 4,
      prepTime: 5,
      time: 15,
      servings: 4,
    });
    expect(miso!.photo).toBeUndefined();
  });

  it('reads a plain schema.org Recipe object and a @graph', () => {
    const one = {
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Crêpes',
      recipeIngredient: ['250 g farine'],
    };
    expect(readRecipeArchive(jsonBytes(one)).recipes).toHaveLength(1);
    const graph = { '@graph': [{ '@type': 'WebPage' }, one, { ...one, name: 'Galettes' }] };
    expect(readRecipeArchive(jsonBytes(graph)).recipes.map((r) => r.name)).toEqual(['Crêpes', 'Galettes']);
  });

  const refused = (bytes: Uint8Array) => {
    try {
      readRecipeArchive(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(ArchiveError);
      return { code: (error as ArchiveError).code, params: (error as ArchiveError).params };
    }
    throw new Error('not refused');
  };

  it('refuses an empty file, a file of another kind, and a zip with no recipe', () => {
    expect(refused(new Uint8Array())).toMatchObject({ code: 'ARCHIVE_EMPTY' });
    expect(refused(PNG).code).toBe('ARCHIVE_UNKNOWN_FORMAT');
    expect(refused(strToU8('name,ingredients\nsoup,water')).code).toBe('ARCHIVE_UNKNOWN_FORMAT');
    expect(refused(zipSync({ 'notes.txt': strToU8('hello') })).code).toBe('ARCHIVE_UNKNOWN_FORMAT');
    expect(refused(jsonBytes([{ '@type': 'Recipe' }])).code).toBe('ARCHIVE_NO_RECIPES');
    expect(refused(zipSync({ 'a.paprikarecipe': gzipSync(strToU8('not json')) })).code).toBe(
      'ARCHIVE_NO_RECIPES',
    );
  });

  it('refuses names that climb out of the archive', () => {
    for (const name of ['../evil.json', 'a/../../evil.json', '/etc/passwd', 'C:/x.json', '..\\x.json']) {
      expect(refused(zipSync({ [name]: jsonBytes(recipeSage) })), name).toMatchObject({
        code: 'ARCHIVE_UNSAFE_NAME',
      });
    }
  });

  it('refuses more unpacked bytes than the cap, counted from the declared sizes before inflating', () => {
    const zip = zipSync({ 'a.json': new Uint8Array(1024) });
    // The central directory's uncompressed size (offset 24 in its entry) claims 300 MiB.
    const central = zip.findLastIndex(
      (_, i) => zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 1 && zip[i + 3] === 2,
    );
    new DataView(zip.buffer).setUint32(central + 24, 300 * 1024 * 1024, true);
    expect(refused(zip)).toMatchObject({ code: 'ARCHIVE_UNPACKED_TOO_LARGE', params: { limit: 200 } });
  });

  it('refuses a zip with more files than the cap, nested ones counted', () => {
    const many = Object.fromEntries(
      Array.from({ length: 5001 }, (_, i) => [`r${i}.json`, new Uint8Array(1)]),
    );
    expect(refused(zipSync(many))).toMatchObject({ code: 'ARCHIVE_TOO_MANY_FILES', params: { limit: 5000 } });
  });

  it('refuses a damaged zip', () => {
    const zip = paprikaFile();
    expect(refused(zip.slice(0, zip.length - 30)).code).toBe('ARCHIVE_DAMAGED');
  });
});

describe('import into a recipes document', () => {
  const doc = (): RecipesDocument => emptyDocument('recipes') as RecipesDocument;

  it('files a recipe by its categories (meal type and category) and finds duplicates by name and source or ingredients', () => {
    const [spaetzle, porridge] = readRecipeArchive(paprikaFile()).recipes;
    const fields = archiveRecipeFields(doc(), porridge!);
    expect(fields.mealType).toBe('breakfast');
    expect(archiveRecipeFields(doc(), spaetzle!, 'photo-1')).toMatchObject({
      mealType: 'dinner',
      photoId: 'photo-1',
      cookTime: 70,
    });
    const existing = doc();
    const base = {
      mealType: 'dinner' as const,
      inCookbook: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      madeOn: [],
      count: 0,
    };
    existing.recipes['x'] = {
      ...base,
      id: 'x',
      name: 'käsespätzle ',
      url: 'https://example.de/spaetzle',
      ingredients: [],
    };
    existing.recipes['y'] = { ...base, id: 'y', name: 'Porridge', ingredients: porridge!.ingredients };
    expect(findDuplicate(existing, spaetzle!)?.id).toBe('x');
    expect(findDuplicate(existing, porridge!)?.id).toBe('y');
    existing.recipes['y'] = { ...existing.recipes['y']!, isDeleted: true };
    expect(findDuplicate(existing, porridge!)).toBeUndefined();
  });

  it('exports JSON-LD with photos that reads back with the same fields', () => {
    const [spaetzle, porridge] = readRecipeArchive(paprikaFile()).recipes;
    const d = doc();
    const base = { inCookbook: false, createdAt: '2026-01-01T00:00:00.000Z', madeOn: [], count: 0 };
    d.recipes['a'] = normalizeRecipe({
      ...base,
      id: 'a',
      ...archiveRecipeFields(d, spaetzle!, 'p1'),
    } as Recipe);
    d.recipes['b'] = normalizeRecipe({ ...base, id: 'b', ...archiveRecipeFields(d, porridge!) } as Recipe);
    const zip = buildJsonLdArchive(d, new Map([['p1', PNG]]));
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(['images/p1.webp', 'recipes.json']);
    const back = readRecipeArchive(zip);
    expect(back.format).toBe('json-ld');
    const again = back.recipes.find((r) => r.name === 'Käsespätzle')!;
    expect(again.ingredients).toEqual(spaetzle!.ingredients);
    expect(again).toMatchObject({
      servings: 4,
      prepTime: 20,
      cookTime: 70,
      time: 90,
      rating: 5,
      url: spaetzle!.url,
      notes: spaetzle!.notes,
    });
    expect(again.photo).toEqual(PNG);
    expect(
      archiveRecipeFields(
        doc(),
        back.recipes.find((r) => r.name === 'Porridge')!,
      ).mealType,
    ).toBe('breakfast');
  });
});

describe('fromBase64', () => {
  /** The platform's own encoder (browsers' and Node's btoa), to check the decoder against. */
  const { btoa } = globalThis as unknown as { btoa: (binary: string) => string };
  const encode = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

  it('decodes what the platform encodes, every padding, URL-safe and data: URLs, and refuses what is no base64', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) % 256);
      if (length === 0) expect(fromBase64(encode(bytes))).toBeUndefined();
      else expect(fromBase64(encode(bytes)), encode(bytes)).toEqual(bytes);
    }
    const photo = Uint8Array.from([0xff, 0xd8, 0xff, 0xfb, 0xef, 0xbe, 0x00]);
    const urlSafe = encode(photo).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(urlSafe).toMatch(/[-_]/);
    expect(fromBase64(urlSafe)).toEqual(photo);
    expect(fromBase64(`data:image/jpeg;base64,${encode(photo)}`)).toEqual(photo);
    expect(fromBase64(`${encode(photo).slice(0, 4)}\n${encode(photo).slice(4)}`)).toEqual(photo);
    expect(fromBase64('not base64!')).toBeUndefined();
    expect(fromBase64('Zm9vé')).toBeUndefined();
  });
});
