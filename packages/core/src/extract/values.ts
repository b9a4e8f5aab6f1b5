import { cleanText } from './text.js';

/**
 * Parsers for the scalar recipe fields: durations, servings and URLs. Each takes whatever shape
 * a page put there (a string, a number, an array, a schema.org object) and returns a plain value
 * or null; none of them throws.
 */

const ISO_DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

/** Minutes per unit for ISO 8601 fields Y, M(onth), W, D, H, M(inute), S, in match order. */
const ISO_MINUTES = [525_600, 43_200, 10_080, 1_440, 60, 1, 1 / 60];

// Human-written units, in the languages recipe sites are most often written in.
const HUMAN_UNITS: [RegExp, number][] = [
  [/^(?:d|days?|dage?|tage?n?|jours?|d[ií]as?|giorn[oi]|dagen?)$/i, 1_440],
  [/^(?:h|hrs?|hours?|t|tim(?:e|er)?|timmar|stunden?|std|heures?|horas?|or[ae]|uur|godz\w*|óra)$/i, 60],
  [/^(?:m|mins?|minutes?|minutt?(?:er)?|minuten?|minut(?:os|i|y|a)?|mn|perc|dakika|分钟?)$/i, 1],
  [/^(?:s|secs?|seconds?|sekunden?|secondes?)$/i, 1 / 60],
];
const HUMAN_PART = /(\d+(?:[.,]\d+)?)(?:\s*[-–—]\s*(\d+(?:[.,]\d+)?))?\s*([\p{L}]+)/gu;

const toNumber = (text: string): number => Number(text.replace(',', '.'));

/** Rounds to whole minutes; 0 and negatives mean the page gave no real duration. */
function asMinutes(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const minutes = Math.round(value);
  return minutes > 0 ? minutes : null;
}

function parseIso(text: string): number | null {
  const match = ISO_DURATION.exec(text.replace(/\s+/g, ''));
  if (!match || text.length < 3) return null;
  let minutes = 0;
  let any = false;
  for (let i = 0; i < ISO_MINUTES.length; i++) {
    const part = match[i + 1];
    if (part === undefined) continue;
    any = true;
    minutes += toNumber(part) * (ISO_MINUTES[i] ?? 0);
  }
  return any ? asMinutes(minutes) : null;
}

/** '1 hour 30 mins', '1h30', '45 minutes', '10-15 min' (a range counts its upper end). */
function parseHuman(text: string): number | null {
  let minutes = 0;
  let any = false;
  let lastUnit = 0;
  for (const match of text.matchAll(HUMAN_PART)) {
    const [, low = '', high, word = ''] = match;
    const unit = HUMAN_UNITS.find(([pattern]) => pattern.test(word))?.[1];
    if (unit === undefined) continue;
    minutes += toNumber(high ?? low) * unit;
    lastUnit = unit;
    any = true;
  }
  // '1h30' leaves a bare number after hours: it counts as minutes.
  const trailing = /(?:h|hrs?|hours?|t)\s*(\d{1,2})\s*$/i.exec(text);
  if (any && lastUnit === 60 && trailing?.[1]) minutes += Number(trailing[1]);
  if (!any && /^\s*\d+(?:[.,]\d+)?\s*$/.test(text)) return asMinutes(toNumber(text));
  return any ? asMinutes(minutes) : null;
}

/** One part of a written duration ('1 hr', ', 30 mins', 'and 5 min.'), read from where the last ended. */
const WRITTEN_PART =
  /\s*(?:(?:,|&|\+|and|und|et|og|och)\s*)?\d+(?:[.,]\d+)?(?:\s*[-–—]\s*\d+(?:[.,]\d+)?)?\s*(\p{L}+)\.?/uy;
const TRAILING_MINUTES = /\s*\d{1,2}(?!\d)/y;

/**
 * The duration a text starts with and what follows it: '1 hr 30 mins' -> 90 and '', '5 min à
 * couvert.' -> 5 and ' à couvert.', 'Mix 5 min' -> null. Only human units count; the minutes are
 * null when the text does not start with a duration.
 */
export function leadingDuration(value: string): { minutes: number | null; rest: string } {
  const text = cleanText(value);
  let end = 0;
  let lastUnit = 0;
  for (;;) {
    WRITTEN_PART.lastIndex = end;
    const match = WRITTEN_PART.exec(text);
    const unit = match ? HUMAN_UNITS.find(([pattern]) => pattern.test(match[1] ?? ''))?.[1] : undefined;
    if (!match || unit === undefined) break;
    end = WRITTEN_PART.lastIndex;
    lastUnit = unit;
  }
  if (end > 0 && lastUnit === 60) {
    // '1h30': a bare number after hours is minutes.
    TRAILING_MINUTES.lastIndex = end;
    if (TRAILING_MINUTES.exec(text)) end = TRAILING_MINUTES.lastIndex;
  }
  return { minutes: end > 0 ? parseHuman(text.slice(0, end)) : null, rest: text.slice(end) };
}

/**
 * Minutes in a duration: ISO 8601 (`PT1H30M`, `P0DT0H20M`, `PT0.5H`), a number (already
 * minutes), human text ('1 hour 30 mins'), or a schema.org QuantitativeValue (`minValue`,
 * `value`). Zero, negative and unreadable durations give null.
 */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') return asMinutes(value);
  if (Array.isArray(value)) return value.length ? parseDuration(value[0]) : null;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return parseDuration(record['value'] ?? record['minValue'] ?? record['maxValue'] ?? null);
  }
  if (typeof value !== 'string') return null;
  const text = cleanText(value);
  if (!text) return null;
  // 'P' then a digit or 'T' is ISO 8601; 'Prep: 20 mins' is human text.
  if (/^P\s*[\dT]/i.test(text)) return parseIso(text);
  return parseHuman(text);
}

/**
 * Servings from a recipe yield: the first number of the first value that has one, so
 * '4 servings', ['4', '4 servings'], 4 and '4-6' all give 4. Null when there is no number.
 */
export function parseServings(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const servings = parseServings(item);
      if (servings !== null) return servings;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return parseServings(record['value'] ?? record['minValue'] ?? null);
  }
  if (typeof value !== 'string') return null;
  const match = /(\d+(?:[.,]\d+)?)/.exec(cleanText(value));
  if (!match?.[1]) return null;
  const servings = toNumber(match[1]);
  return servings > 0 ? servings : null;
}

/** The WHATWG URL class, present in browsers, extensions and Node alike, but not in core's types. */
type UrlConstructor = new (url: string, base?: string) => { href: string; protocol: string };
const UrlClass = (globalThis as { URL?: UrlConstructor }).URL;

/**
 * An absolute http(s) URL for `href` resolved against the page URL, or null when it cannot be
 * made absolute (no base for a relative link) or is not a web address (`data:`, `javascript:`).
 */
export function resolveUrl(href: string, base?: string): string | null {
  const text = cleanText(href);
  if (!text || !UrlClass) return null;
  try {
    const absolute = text.startsWith('//') && !base ? new UrlClass(`https:${text}`) : null;
    const url = absolute ?? new UrlClass(text, base || undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
