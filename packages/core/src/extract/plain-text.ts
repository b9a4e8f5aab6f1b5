import { extractRecipe } from './extract-recipe.js';
import { cleanText, isBlank, isStepLabel, textToLines, tidyIngredient, withoutNamespace } from './text.js';
import type { ExtractedRecipe } from './types.js';
import { resolveUrl } from './values.js';
import { findLabelledValuesInLines, INGREDIENTS_TITLE, INSTRUCTIONS_TITLE } from './visible-text.js';

/**
 * Recipes pasted as plain text, for sites that block servers and for recipes copied from an
 * e-mail or a document: the ingredients are the lines under an "Ingredients" heading, the steps
 * the lines under an "Instructions" / "Method" / "Directions" heading, servings and times come from
 * labelled lines outside those sections ('Serves 4', 'Prep time: 15 minutes'), and the name is
 * the first line before them. Nothing is guessed: without a section heading there is no recipe.
 */

/** Headings long enough to name a section and nothing more. */
const HEADING_MAX = 40;
/** Headings that end a section: what follows is about the recipe, not part of it. */
const STOP_HEADING =
  /^(?:notes?|recipe notes?|cook'?s notes?|tips?|nutrition(?: facts| information| info)?|equipment|storage|serving suggestions?|to serve|video|comments?|reviews?|faqs?|variations?)$/iu;
/** A line longer than this is prose, never the recipe's name. */
const NAME_MAX = 120;
/** Markdown and list decoration around a heading ('## Method', '**Ingredients:**'). */
const HEADING_DECORATION = /^[#>*_\s]+|[*_\s]+$/g;
/** A step number typed in front of a step ('1.', '2)', 'Step 3:'). */
const STEP_NUMBER = /^(?:step\s*)?\d{1,2}\s*[.):]\s+/iu;
const BULLET = /^[-–—•·*▢□☐▪◦●○✓✔]\s*/u;

type Section = 'preamble' | 'ingredients' | 'instructions' | 'other';

/** A line's text as a heading: decoration and a trailing colon removed. */
function headingText(line: string): string {
  return line.replace(HEADING_DECORATION, '').replace(/:$/, '').trim();
}

/** Which section a line starts, if it is a heading. */
function headingKind(line: string): Section | null {
  if (line.length > HEADING_MAX + 8) return null;
  const text = headingText(line);
  if (!text || text.length > HEADING_MAX) return null;
  if (INGREDIENTS_TITLE.test(text)) return 'ingredients';
  // 'Preparation time' and 'Preparation: 15 min' are labels of a time, not the steps' title.
  if (INSTRUCTIONS_TITLE.test(text) && !/\d|time|zeit|tid\b|tempo|tiempo|temps/iu.test(text)) {
    return 'instructions';
  }
  if (STOP_HEADING.test(text)) return 'other';
  return null;
}

/** A sub-heading inside a section: a Markdown heading or a short line ending with ':'. */
function subHeading(line: string): string | null {
  if (/^#{1,6}\s/.test(line)) return `${headingText(line)}:`;
  const bare = line.replace(/^[*_]+|[*_]+$/g, '').trim();
  return bare.endsWith(':') && bare.length <= HEADING_MAX && !/\d/.test(bare) ? bare : null;
}

/**
 * The recipe in plain text, or null when it has neither an ingredients nor an instructions
 * heading with lines under it. `url`, when given, is returned as the source.
 */
export function extractRecipeFromText(text: string, url?: string): ExtractedRecipe | null {
  if (typeof text !== 'string') return null;
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => cleanText(line))
    .filter((line) => !isBlank(line));
  const ingredients: string[] = [];
  const steps: string[] = [];
  const outside: string[] = [];
  let name: string | null = null;
  let section: Section = 'preamble';
  for (const line of lines) {
    const kind = headingKind(line);
    if (kind === 'ingredients' || kind === 'instructions') {
      const found = kind === 'ingredients' ? ingredients : steps;
      if (section === kind) {
        // 'Ingredients for the sauce' inside the ingredients: a sub-heading.
        found.push(`${headingText(line)}:`);
      } else {
        // A second list of the same kind after another section belongs to something else.
        section = found.length ? 'other' : kind;
      }
      continue;
    }
    if (kind === 'other') {
      section = 'other';
      continue;
    }
    if (section === 'ingredients') {
      const heading = subHeading(line);
      const item = heading ?? tidyIngredient(line);
      if (!isBlank(item)) ingredients.push(item);
    } else if (section === 'instructions') {
      const heading = /^#{1,6}\s/.test(line) ? headingText(line) : null;
      const step = heading ?? line.replace(BULLET, '').replace(STEP_NUMBER, '').trim();
      if (!isBlank(step) && !isStepLabel(step)) steps.push(step);
    } else {
      if (section === 'preamble' && name === null && line.length <= NAME_MAX) name = headingText(line);
      outside.push(line);
    }
  }
  // A heading with nothing under it is no recipe.
  const ingredientLines = ingredients.some((line) => !line.endsWith(':')) ? ingredients : [];
  if (!ingredientLines.length && !steps.length) return null;
  const values = findLabelledValuesInLines(outside);
  // The name must not be one of the labelled values ('Serves 4' as the first line).
  if (name !== null && findLabelledValuesInLines([name]).servings !== null) name = null;
  const prep = values.prepTime;
  const cook = values.cookTime;
  return {
    name: withoutNamespace(name ?? ''),
    ingredients: ingredientLines,
    instructions: steps.join('\n'),
    servings: values.servings,
    prepTime: prep,
    cookTime: cook,
    totalTime: values.totalTime ?? (prep !== null || cook !== null ? (prep ?? 0) + (cook ?? 0) : null),
    image: null,
    url: url ? (resolveUrl(url) ?? null) : null,
    categories: [],
  };
}

/** Whether pasted content is HTML (a page's source) rather than text. */
export function looksLikeHtml(content: string): boolean {
  return /<(?:!doctype\s+html|html|head|body|meta|script|div|p|span|article|section|ul|ol|li|h[1-6]|table)\b[^>]*>/i.test(
    content.slice(0, 200_000),
  );
}

/**
 * The recipe in content a user pasted: a page's HTML goes through the page extractor (and, when
 * its markup holds no recipe, through the text reading of its visible lines); anything else is
 * read as plain text. Never throws.
 */
export function extractPastedRecipe(content: string, url?: string): ExtractedRecipe | null {
  if (typeof content !== 'string' || !content.trim()) return null;
  try {
    if (!looksLikeHtml(content)) return extractRecipeFromText(content, url);
    return extractRecipe(content, url) ?? extractRecipeFromText(textToLines(content).join('\n'), url);
  } catch {
    return null;
  }
}
