import { byClassOrId, findAll, imageSource, lineText, type Document, type Element } from './html.js';
import { blocksLines } from './lists.js';
import { isBlank } from './text.js';
import { emptyDraft, type RecipeDraft } from './types.js';
import { parseDuration, parseServings, resolveUrl } from './values.js';

/**
 * Recipe cards rendered by common recipe plugins and microformats, for pages whose structured
 * data is missing or incomplete. Each card is described by the class names (or ids) it uses;
 * one reader handles them all, so a new plugin is a new table row, not new code.
 */

/** Class names (or ids) locating each part of one kind of recipe card, most specific first. */
interface CardMarkup {
  /** The card itself; the other parts are looked up inside it. */
  card: string[];
  name: string[];
  /** Blocks holding the ingredient list (list items, with group headings). */
  ingredients: string[];
  /** Elements that are each one ingredient line (microformats). */
  ingredientItems?: string[];
  instructions: string[];
  servings: string[];
  prepTime: string[];
  cookTime: string[];
  totalTime: string[];
  image: string[];
}

const CARDS: CardMarkup[] = [
  {
    // WP Recipe Maker
    card: ['wprm-recipe-container', 'wprm-recipe'],
    name: ['wprm-recipe-name'],
    ingredients: ['wprm-recipe-ingredients-container', 'wprm-recipe-ingredient-group'],
    instructions: ['wprm-recipe-instructions-container', 'wprm-recipe-instruction-group'],
    servings: ['wprm-recipe-servings'],
    prepTime: ['wprm-recipe-prep-time-container', 'wprm-recipe-prep_time'],
    cookTime: ['wprm-recipe-cook-time-container', 'wprm-recipe-cook_time'],
    totalTime: ['wprm-recipe-total-time-container', 'wprm-recipe-total_time'],
    image: ['wprm-recipe-image'],
  },
  {
    // Tasty Recipes
    card: ['tasty-recipes'],
    name: ['tasty-recipes-title'],
    ingredients: ['tasty-recipes-ingredients-body', 'tasty-recipes-ingredients'],
    instructions: ['tasty-recipes-instructions-body', 'tasty-recipes-instructions'],
    servings: ['tasty-recipes-yield'],
    prepTime: ['tasty-recipes-prep-time'],
    cookTime: ['tasty-recipes-cook-time'],
    totalTime: ['tasty-recipes-total-time'],
    image: ['tasty-recipes-image'],
  },
  {
    // Mediavine Create
    card: ['mv-create-card', 'mv-create-wrapper'],
    name: ['mv-create-title'],
    ingredients: ['mv-create-ingredients'],
    instructions: ['mv-create-instructions'],
    servings: ['mv-create-yield'],
    prepTime: ['mv-create-time-prep'],
    cookTime: ['mv-create-time-active'],
    totalTime: ['mv-create-time-total'],
    image: ['mv-create-image'],
  },
  {
    // WP Ultimate Recipe, Cooked, Zip Recipes and EasyRecipe share one shape.
    card: ['wpurp-container', 'cooked-recipe', 'zlrecipe-container', 'easyrecipe'],
    name: ['wpurp-recipe-title', 'cooked-recipe-title', 'zlrecipe-title', 'ERSName'],
    ingredients: [
      'wpurp-recipe-ingredients',
      'cooked-recipe-ingredients',
      'zlrecipe-ingredients-list',
      'ERSIngredients',
    ],
    instructions: [
      'wpurp-recipe-instructions',
      'cooked-recipe-directions',
      'zlrecipe-instructions-list',
      'ERSInstructions',
    ],
    servings: ['wpurp-recipe-servings', 'cooked-servings', 'zlrecipe-yield', 'ERSServes'],
    prepTime: ['wpurp-recipe-prep-time', 'cooked-prep-time', 'zlrecipe-prep-time', 'ERSPrepTime'],
    cookTime: ['wpurp-recipe-cook-time', 'cooked-cook-time', 'zlrecipe-cook-time', 'ERSCookTime'],
    totalTime: ['wpurp-recipe-total-time', 'cooked-total-time', 'zlrecipe-total-time', 'ERSTotalTime'],
    image: ['wpurp-recipe-image', 'cooked-recipe-image', 'zlrecipe-image', 'ERSImage'],
  },
  {
    // h-recipe (microformats2) and hRecipe (microformats 1)
    card: ['h-recipe', 'hrecipe'],
    name: ['p-name', 'fn'],
    ingredients: [],
    ingredientItems: ['p-ingredient', 'ingredient'],
    instructions: ['e-instructions', 'instructions'],
    servings: ['p-yield', 'yield'],
    prepTime: ['preptime'],
    cookTime: ['cooktime'],
    totalTime: ['dt-duration', 'duration'],
    image: ['u-photo', 'photo'],
  },
];

/** Elements under `root` with the first of `names` (class or id) that any element has. */
function firstMatching(root: Document | Element, names: string[]): Element[] {
  for (const name of names) {
    const found = byClassOrId(root, name);
    if (found.length) return found;
  }
  return [];
}

/** The text of the first of `names` that has any, as one line. */
function firstText(root: Element, names: string[]): string | null {
  for (const el of firstMatching(root, names)) {
    const text = lineText(el);
    if (!isBlank(text)) return text;
  }
  return null;
}

/** A duration from an element: a machine-readable attribute first, else its text. */
function durationIn(root: Element, names: string[]): number | null {
  for (const el of firstMatching(root, names)) {
    const machine = el.attribs['datetime'] ?? el.attribs['content'];
    const minutes = parseDuration(machine ?? lineText(el));
    if (minutes !== null) return minutes;
  }
  return null;
}

/** The picture of a card: an `<img>` with the class, or the first image inside the element. */
function imageIn(root: Element, names: string[], base?: string): string | null {
  for (const el of firstMatching(root, names)) {
    const img = el.name === 'img' ? el : findAll(el, (child) => child.name === 'img', 1)[0];
    const source = img ? imageSource(img) : (el.attribs['href'] ?? el.attribs['content'] ?? '');
    const url = source ? resolveUrl(source, base) : null;
    if (url) return url;
  }
  return null;
}

function readCard(card: Element, markup: CardMarkup, base?: string): RecipeDraft {
  const draft = emptyDraft();
  draft.name = firstText(card, markup.name);
  draft.ingredients = blocksLines(firstMatching(card, markup.ingredients), 'ingredients');
  if (!draft.ingredients.length && markup.ingredientItems) {
    draft.ingredients = firstMatching(card, markup.ingredientItems)
      .map(lineText)
      .filter((line) => !isBlank(line));
  }
  draft.instructions = blocksLines(firstMatching(card, markup.instructions), 'instructions');
  draft.servings = parseServings(firstText(card, markup.servings));
  draft.prepTime = durationIn(card, markup.prepTime);
  draft.cookTime = durationIn(card, markup.cookTime);
  draft.totalTime = durationIn(card, markup.totalTime);
  draft.image = imageIn(card, markup.image, base);
  return draft;
}

/**
 * Drafts from the recipe-plugin and microformat cards on the page, in table order; a card that
 * yields neither ingredients nor instructions is left out.
 */
export function findPluginRecipes(doc: Document, base?: string): RecipeDraft[] {
  const drafts: RecipeDraft[] = [];
  for (const markup of CARDS) {
    const card = firstMatching(doc, markup.card)[0];
    if (!card) continue;
    const draft = readCard(card, markup, base);
    if (draft.ingredients.length || draft.instructions.length) drafts.push(draft);
  }
  return drafts;
}

/**
 * The ingredient lines of the first recipe-plugin ingredient list in a fragment, section
 * headings included; works on a fragment cut from a page, without the rest of the card.
 */
export function findPluginIngredients(root: Document): string[] {
  for (const markup of CARDS) {
    const lines = blocksLines(firstMatching(root, markup.ingredients), 'ingredients');
    if (lines.length) return lines;
  }
  return [];
}
