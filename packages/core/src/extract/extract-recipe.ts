import { parseHtml, type Document } from './html.js';
import { findJsonLdRecipes } from './json-ld.js';
import { findLooseRecipeProperties, findMicrodataRecipes } from './microdata.js';
import { findNamedBlocks, pageImage, pageTitle, pageUrl } from './page.js';
import { findPluginRecipes } from './plugins.js';
import { draftFromSchema, draftWeight } from './schema-recipe.js';
import type { ExtractedRecipe, RecipeDraft } from './types.js';
import { resolveUrl } from './values.js';

/**
 * Recipe extraction from a web page, as the browser extension and the server's "import from a
 * link" both run it. Sources are tried from the most to the least reliable: schema.org JSON-LD,
 * microdata, recipe-plugin cards, loose recipe attributes, blocks named like recipe parts, and
 * the page's preview tags. Each field comes from the first source that has it, so a page whose
 * JSON-LD lacks only the picture still gets its Open Graph image.
 */

/** The best of several drafts from one kind of source: the one holding the most recipe. */
function heaviest(drafts: RecipeDraft[]): RecipeDraft | null {
  let best: RecipeDraft | null = null;
  for (const draft of drafts) if (!best || draftWeight(draft) > draftWeight(best)) best = draft;
  return best;
}

/** Whether the fields that matter most are all present, so the HTML need not be parsed. */
function isComplete(draft: RecipeDraft | null): boolean {
  return (
    !!draft?.name &&
    draft.ingredients.length > 0 &&
    draft.instructions.length > 0 &&
    !!draft.image &&
    draft.servings !== null &&
    (draft.totalTime !== null || draft.prepTime !== null || draft.cookTime !== null)
  );
}

/**
 * Field by field, the first source's value that is present. Ingredients and instructions are
 * taken whole from one source, never mixed line by line.
 */
function merge(drafts: RecipeDraft[]): RecipeDraft {
  const first = <T>(get: (draft: RecipeDraft) => T | null): T | null => {
    for (const draft of drafts) {
      const value = get(draft);
      if (value !== null) return value;
    }
    return null;
  };
  const firstList = (get: (draft: RecipeDraft) => string[]): string[] =>
    drafts.map(get).find((lines) => lines.length > 0) ?? [];
  return {
    name: first((d) => d.name),
    ingredients: firstList((d) => d.ingredients),
    instructions: firstList((d) => d.instructions),
    servings: first((d) => d.servings),
    prepTime: first((d) => d.prepTime),
    cookTime: first((d) => d.cookTime),
    totalTime: first((d) => d.totalTime),
    image: first((d) => d.image),
  };
}

/** Drafts from the page's markup, for when JSON-LD is missing or incomplete. */
function markupDrafts(doc: Document, base?: string): RecipeDraft[] {
  const drafts: RecipeDraft[] = [];
  const microdata = heaviest(findMicrodataRecipes(doc).map((node) => draftFromSchema(node, undefined, base)));
  if (microdata) drafts.push(microdata);
  drafts.push(...findPluginRecipes(doc, base));
  const loose = findLooseRecipeProperties(doc);
  if (loose) drafts.push(draftFromSchema(loose, undefined, base));
  drafts.push(findNamedBlocks(doc, base));
  return drafts;
}

/** The total the page gives, else the sum of the parts it gives (the page's own numbers). */
function totalMinutes(draft: RecipeDraft): number | null {
  if (draft.totalTime !== null) return draft.totalTime;
  if (draft.prepTime === null && draft.cookTime === null) return null;
  return (draft.prepTime ?? 0) + (draft.cookTime ?? 0);
}

function extract(html: string, url?: string): ExtractedRecipe | null {
  const base = url ? (resolveUrl(url) ?? undefined) : undefined;
  const { recipes, lookup } = findJsonLdRecipes(html);
  const drafts: RecipeDraft[] = [];
  const jsonLd = heaviest(recipes.map((node) => draftFromSchema(node, lookup, base)));
  if (jsonLd) drafts.push(jsonLd);
  let doc: Document | null = null;
  if (!isComplete(jsonLd)) {
    doc = parseHtml(html);
    drafts.push(...markupDrafts(doc, base));
  }
  const draft = merge(drafts);
  if (!draft.ingredients.length && !draft.instructions.length) return null;
  if (!draft.name || !draft.image) {
    doc ??= parseHtml(html);
    draft.name ??= pageTitle(doc);
    draft.image ??= pageImage(doc, base);
  }
  return {
    name: draft.name ?? '',
    ingredients: draft.ingredients,
    instructions: draft.instructions.join('\n'),
    servings: draft.servings,
    prepTime: draft.prepTime,
    cookTime: draft.cookTime,
    totalTime: totalMinutes(draft),
    image: draft.image,
    url: base ?? pageUrl(doc ?? parseHtml(html)),
  };
}

/**
 * The recipe on an HTML page, or null when the page holds none (no ingredients and no
 * instructions anywhere). `url` is the page's address: relative image links are resolved
 * against it and it is returned as the recipe's source. Never throws, whatever the input.
 */
export function extractRecipe(html: string, url?: string): ExtractedRecipe | null {
  if (typeof html !== 'string' || !html) return null;
  try {
    return extract(html, url);
  } catch {
    // Malformed pages must not break an import; an unreadable page is a page with no recipe.
    return null;
  }
}
