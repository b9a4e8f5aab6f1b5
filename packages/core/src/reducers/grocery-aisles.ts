/**
 * Which aisle an item goes to (docs/BEHAVIOUR.md "Stores and aisles"): the aisle the store learnt
 * for that name when it was last moved, else a suggestion from a small built-in table when the
 * store has an aisle named for that kind of food (Produce, Dairy, Bakery…), else the main aisle.
 */
import { singularWord } from '../ingredients/index.js';
import type { Aisle, Store } from '../schemas/index.js';
import { byOrder, nameKey } from './groceries-model.js';

/** The key a store learns a name's aisle under: case, spaces and a plural ending ignored. */
export function aisleMemoryKey(name: string): string {
  const key = nameKey(name);
  const space = key.lastIndexOf(' ');
  return key.slice(0, space + 1) + singularWord(key.slice(space + 1));
}

/** A kind of food: the aisle names that hold it, and the item names that are of it. */
interface Section {
  aisle: RegExp;
  item: RegExp;
}

const PRODUCE = /\b(?:produce|fruits?|veg(?:etables?|gies)?|greengrocer|fresh)\b/i;
const DAIRY = /\b(?:dairy|chilled|fridge|refrigerated|milk|cheese|eggs?)\b/i;
const BAKERY = /\b(?:bakery|breads?)\b/i;
const MEAT = /\b(?:meat|butcher|poultry|deli)\b/i;
const FISH = /\b(?:fish|seafood|fishmonger)\b/i;
const FROZEN = /\b(?:frozen|freezer)\b/i;
const PANTRY = /\b(?:pantry|dry goods|dry|baking|tins?|canned|cupboard|staples|spices|grocery|groceries)\b/i;
const DRINKS = /\b(?:drinks?|beverages?|wine|beer)\b/i;

/** In order: the first section whose item pattern matches wins, so 'chicken stock' is pantry. */
const SECTIONS: readonly Section[] = [
  { aisle: FROZEN, item: /\b(?:frozen|ice cream|sorbet)\b/ },
  {
    aisle: PANTRY,
    item: /\b(?:stock|broth|bouillon|paste|sauce|canned|tinned|dried|powder|coconut milk|coconut cream|peanut butter|black pepper|white pepper|peppercorns?|condensed|evaporated|extract)\b/,
  },
  {
    aisle: DRINKS,
    item: /\b(?:wine|beer|cider|orange juice|apple juice|soda|coffee|tea|sparkling water|lemonade)\b/,
  },
  {
    aisle: FISH,
    item: /\b(?:fish|salmon|cod|haddock|trout|tuna steaks?|prawns?|shrimps?|mussels?|clams?|scallops?|crab|lobster|squid|sea ?bass)\b/,
  },
  {
    aisle: MEAT,
    item: /\b(?:chicken|beef|pork|lamb|veal|turkey|duck|bacon|sausages?|ham|mince|minced meat|steaks?|chorizo|salami|prosciutto|pancetta)\b/,
  },
  {
    aisle: DAIRY,
    item: /\b(?:milk|butter|cream|cheese|cheddar|parmesan|mozzarella|feta|ricotta|mascarpone|halloumi|gruyere|yog(?:h)?urt|eggs?|sour cream|creme fraiche|crème fraîche|buttermilk)\b/,
  },
  {
    aisle: BAKERY,
    item: /\b(?:bread|baguettes?|rolls?|buns?|tortillas?|pitas?|naan|croissants?|bagels?|brioche|sourdough|ciabatta)\b/,
  },
  {
    aisle: PRODUCE,
    item: /\b(?:apples?|bananas?|lemons?|limes?|oranges?|berr(?:y|ies)|strawberr(?:y|ies)|raspberr(?:y|ies)|blueberr(?:y|ies)|grapes?|pears?|peach(?:es)?|plums?|cherr(?:y|ies)|mangos?|mangoes|pineapples?|kiwis?|melons?|avocados?|tomato(?:es)?|potato(?:es)?|onions?|shallots?|garlic|carrots?|celery|bell peppers?|red peppers?|green peppers?|yellow peppers?|chill?(?:i|ies|ie)s?|lettuce|spinach|kale|rocket|arugula|cabbage|broccoli|cauliflower|zucchinis?|courgettes?|cucumbers?|mushrooms?|ginger|parsley|cilantro|coriander|basil|mint|thyme|rosemary|dill|chives?|scallions?|spring onions?|leeks?|beets?|beetroot|squash|pumpkin|asparagus|green beans|eggplants?|aubergines?|radish(?:es)?|sweet potato(?:es)?|fennel|herbs?|salad)\b/,
  },
  {
    aisle: PANTRY,
    item: /\b(?:flour|sugar|salt|oil|vinegar|rice|pasta|spaghetti|penne|noodles|lentils|chickpeas|beans|oats|honey|syrup|vanilla|cocoa|chocolate|yeast|baking soda|baking powder|nuts|almonds|walnuts|cumin|paprika|cinnamon|oregano|nutmeg|turmeric|curry|mustard|ketchup|mayonnaise|soy sauce|tomato puree|breadcrumbs|cornstarch|cornflour|cereal|crackers|jam)\b/,
  },
];

/** The store's aisle that the built-in table suggests for `name`, if it has one. */
export function suggestedAisle(store: Store, name: string): Aisle | undefined {
  const key = nameKey(name);
  const aisles = Object.values(store.aisles)
    .filter((aisle) => aisle.id !== store.mainAisleId)
    .sort(byOrder);
  if (aisles.length === 0) return undefined;
  for (const section of SECTIONS) {
    if (!section.item.test(key)) continue;
    const aisle = aisles.find((candidate) => section.aisle.test(candidate.name));
    if (aisle) return aisle;
  }
  return undefined;
}

/** The aisle a name goes to in `store`: learnt, else suggested, else the main aisle. */
export function aisleFor(store: Store, name: string): Aisle {
  const learnt = store.aisleOf?.[aisleMemoryKey(name)];
  if (learnt && store.aisles[learnt]) return store.aisles[learnt];
  return suggestedAisle(store, name) ?? store.aisles[store.mainAisleId]!;
}
