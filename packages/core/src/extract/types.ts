/**
 * A recipe as read from a web page, in the shape the app imports (docs/BEHAVIOUR.md §4 ADD_SCRAPED_RECIPES)
 * and `mealplan extract-recipe` prints. Every field is what the page says, cleaned; a field the
 * page does not give is null (or empty), never guessed.
 */
export interface ExtractedRecipe {
  /** The recipe's title. */
  name: string;
  /** One ingredient per line; a line ending with ':' is a section heading (docs/BEHAVIOUR.md §3). */
  ingredients: string[];
  /** The steps, one per line; section names of grouped steps are lines of their own. */
  instructions: string;
  /** The first number of the page's yield ('4 servings' -> 4). */
  servings: number | null;
  /** Minutes. */
  prepTime: number | null;
  /** Minutes. */
  cookTime: number | null;
  /** Minutes: the page's total, else the sum of the prep and cook times it gives. */
  totalTime: number | null;
  /** Absolute URL of the recipe's picture. */
  image: string | null;
  /** The page's address (the one given, else its canonical link), or null. */
  url: string | null;
  /**
   * What the page says the recipe is, as it words it: its schema.org `recipeCategory`, then
   * `recipeCuisine`, then `keywords` ('Dessert', 'French', 'éclair bars'); short, deduplicated,
   * at most a few. Empty when the page says nothing. docs/BEHAVIOUR.md turns it into a meal type
   * and a category when the recipe is imported.
   */
  categories: string[];
}

/** What one source of a page (JSON-LD, microdata, plugin markup, meta tags) could read. */
export interface RecipeDraft {
  name: string | null;
  ingredients: string[];
  instructions: string[];
  servings: number | null;
  prepTime: number | null;
  cookTime: number | null;
  totalTime: number | null;
  image: string | null;
  categories: string[];
}

/** A draft with nothing in it, for a source to fill. */
export function emptyDraft(): RecipeDraft {
  return {
    name: null,
    ingredients: [],
    instructions: [],
    servings: null,
    prepTime: null,
    cookTime: null,
    totalTime: null,
    image: null,
    categories: [],
  };
}
