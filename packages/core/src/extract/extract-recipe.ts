import { parseHtml, type Document } from './html.js';
import { largerPicture } from './images.js';
import { findJsonLdRecipes } from './json-ld.js';
import { findLooseRecipeProperties, findMicrodataRecipes } from './microdata.js';
import { findNamedBlocks, pageTitle, readPageMeta, type PageMeta } from './page.js';
import { findPluginIngredients, findPluginRecipes } from './plugins.js';
import { lacksShownAmounts, shownRows } from './rows.js';
import { draftFromSchema, draftWeight, imageUrl } from './schema-recipe.js';
import { isBlank, isStepLabel, splitNumberedSteps, tidyIngredient, withoutNamespace } from './text.js';
import type { ExtractedRecipe, RecipeDraft } from './types.js';
import { resolveUrl } from './values.js';
import { findLabelledValues, findUnderTitle } from './visible-text.js';

/**
 * Recipe extraction from a web page, as the browser extension and the server's "import from a
 * link" both run it. Sources are tried from the most to the least reliable: schema.org JSON-LD,
 * microdata, recipe-plugin cards, loose recipe attributes, blocks named like recipe parts, and
 * the page's preview tags. Each field comes from the first source that has it, so a page whose
 * JSON-LD lacks only the picture still gets its Open Graph image.
 */

/**
 * The main recipe among several on one page: the first that has both ingredients and steps
 * (pages list their own recipe before related ones), else the one holding the most.
 */
function mainRecipe(drafts: RecipeDraft[]): RecipeDraft | null {
  const whole = drafts.find((draft) => draft.ingredients.length > 0 && draft.instructions.length > 0);
  if (whole) return whole;
  let best: RecipeDraft | null = null;
  for (const draft of drafts) if (!best || draftWeight(draft) > draftWeight(best)) best = draft;
  return best;
}

/** Whether the structured data has every field, so the HTML need not be parsed. */
function isComplete(draft: RecipeDraft | null): boolean {
  return (
    !!draft?.name &&
    draft.ingredients.length > 0 &&
    draft.instructions.length > 0 &&
    draft.servings !== null &&
    (draft.totalTime !== null || draft.prepTime !== null || draft.cookTime !== null)
  );
}

/** Where a recipe-plugin card's ingredient list starts: it shows section headings JSON-LD lacks. */
const CARD_INGREDIENTS =
  /<(?:div|section|ul)\b[^>]*\bclass\s*=\s*["'](?:[^"']*\s)?(?:wprm-recipe-ingredients-container|tasty-recipes-ingredients|mv-create-ingredients)\b/i;
/** Where the card's steps start, which ends the part worth parsing. */
const CARD_INSTRUCTIONS =
  /wprm-recipe-instructions-container|tasty-recipes-instructions|mv-create-instructions/i;
/** How much HTML to parse at most: enough for any ingredient list, far less than a page. */
const CARD_SPAN = 60_000;

/**
 * The structured ingredient lines with the card's section headings put back in place, when
 * the card lists the same number of ingredients (so its lines match the structured ones one to
 * one). The structured text is kept: cards style parts of a line in ways lost as plain text.
 */
function withCardHeadings(structured: string[], card: string[]): string[] {
  const items = card.filter((line) => !line.endsWith(':'));
  if (items.length === card.length || items.length !== structured.length) return structured;
  let next = 0;
  return card.map((line) => (line.endsWith(':') ? line : (structured[next++] ?? line)));
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
    categories: firstList((d) => d.categories),
  };
}

/** Drafts from the page's markup: microdata, plugin cards, loose attributes, named blocks. */
function markupDrafts(
  doc: Document,
  meta: PageMeta,
  base?: string,
): { drafts: RecipeDraft[]; cards: RecipeDraft[] } {
  const drafts: RecipeDraft[] = [];
  const microdata = mainRecipe(
    findMicrodataRecipes(doc).map((node) => draftFromSchema(node, undefined, base)),
  );
  if (microdata) drafts.push(microdata);
  const cards = findPluginRecipes(doc, base);
  drafts.push(...cards);
  const loose = findLooseRecipeProperties(doc);
  if (loose) drafts.push(draftFromSchema(loose, undefined, base));
  drafts.push(findNamedBlocks(doc, meta));
  return { drafts, cards };
}

/**
 * The total the page gives, else the sum of the parts it gives (the page's own numbers). A total
 * shorter than one of its parts is a slip in the markup; the parts are trusted then.
 */
function totalMinutes(draft: RecipeDraft): number | null {
  const parts = (draft.prepTime ?? 0) + (draft.cookTime ?? 0);
  const longestPart = Math.max(draft.prepTime ?? 0, draft.cookTime ?? 0);
  if (draft.totalTime !== null && draft.totalTime >= longestPart) return draft.totalTime;
  return parts > 0 ? parts : null;
}

/** Servings and times the page shows next to labels, for what its markup left out. */
function fillShownValues(draft: RecipeDraft, doc: Document): void {
  const hasTimes = (draft.totalTime ?? draft.prepTime ?? draft.cookTime) !== null;
  if (draft.servings !== null && hasTimes) return;
  const shown = findLabelledValues(doc, draft.instructions);
  draft.servings ??= shown.servings;
  if (hasTimes) return;
  // Times come together from one source, so a total and its parts agree.
  draft.prepTime = shown.prepTime;
  draft.cookTime = shown.cookTime;
  draft.totalTime = shown.totalTime;
}

function extract(html: string, url?: string): ExtractedRecipe | null {
  const base = url ? (resolveUrl(url) ?? undefined) : undefined;
  const meta = readPageMeta(html, base);
  const { recipes, lookup, pageImages } = findJsonLdRecipes(html);
  const jsonLd = mainRecipe(recipes.map((node) => draftFromSchema(node, lookup, base)));
  const drafts: RecipeDraft[] = jsonLd ? [jsonLd] : [];
  let doc: Document | null = null;
  let cardIngredients: string[] = [];
  if (!isComplete(jsonLd)) {
    doc = parseHtml(html);
    const markup = markupDrafts(doc, meta, base);
    drafts.push(...markup.drafts);
    cardIngredients = markup.cards.find((card) => card.ingredients.length > 0)?.ingredients ?? [];
  } else {
    const list = CARD_INGREDIENTS.exec(html);
    // Only the card's ingredient list is parsed: the structured data holds everything else.
    if (list) {
      const span = html.slice(list.index, list.index + CARD_SPAN);
      const end = span.slice(1).search(CARD_INSTRUCTIONS);
      cardIngredients = findPluginIngredients(parseHtml(end > 0 ? span.slice(0, end + 1) : span));
    }
  }
  const draft = merge(drafts);
  if (doc && !draft.ingredients.length) draft.ingredients = findUnderTitle(doc, 'ingredients');
  if (doc && !draft.instructions.length) draft.instructions = findUnderTitle(doc, 'instructions');
  if (!draft.ingredients.length && !draft.instructions.length) return null;
  if (lacksShownAmounts(draft.ingredients)) {
    // Names without their amounts: the page's own rows say more.
    draft.ingredients = shownRows(doc ?? parseHtml(html), draft.ingredients) ?? draft.ingredients;
  }
  if (doc) fillShownValues(draft, doc);
  const ingredients = withCardHeadings(draft.ingredients, cardIngredients)
    .map(tidyIngredient)
    .filter((line) => !isBlank(line));
  return {
    name: withoutNamespace(draft.name ?? pageTitle(doc ?? parseHtml(html), meta) ?? ''),
    ingredients,
    // A step's number printed on a line of its own ('Step 2', 'stap 2') is not a step.
    instructions: draft.instructions
      .flatMap(splitNumberedSteps)
      .filter((line) => !isStepLabel(line))
      .join('\n'),
    servings: draft.servings,
    prepTime: draft.prepTime,
    cookTime: draft.cookTime,
    totalTime: totalMinutes(draft),
    // The preview picture is the page's chosen hero image; structured data often lists a crop
    // first, but sometimes the same picture larger than the preview's rendition.
    // A page without either often still names its main picture in its WebPage node.
    image: largerPicture(meta.image, draft.image) ?? imageUrl(pageImages, lookup, base),
    url: base ?? meta.url,
    categories: draft.categories,
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
