/**
 * Cook mode's reading of a recipe (docs/BEHAVIOUR.md "Cook mode"): the instructions as steps, and
 * the durations in a step that become timers ('bake for 25 minutes', '1 hr 15 min').
 */

/** A step's own numbering, in the languages recipe pages come in: '1.', '2)', 'Step 3:', 'Stap 4'. */
const NUMBERING =
  /^\s*(?:(?:step|stap|schritt|étape|etape|paso|passo|krok|steg|trin|vaihe)\s*\d+\s*[:.)-]?|\d+\s*[.)]|\d+\s*[:-](?!\d))\s*/iu;

/** The instructions as steps: one per non-empty line, without their own numbering. */
export function recipeSteps(instructions: string | undefined): string[] {
  if (!instructions) return [];
  return instructions
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(NUMBERING, '').trim())
    .filter((line) => line !== '');
}

/** A duration found in a step: where it is and how long it lasts. */
export interface FoundDuration {
  start: number;
  end: number;
  text: string;
  seconds: number;
}

const VULGAR: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };
const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?(?:\s*[½¼¾⅓⅔])?|\d+\s+\d\/\d|\d\/\d|[½¼¾⅓⅔]|an?|one|two|three|four|five|six|ten|fifteen|twenty|thirty|forty-five|half an?)`;
const UNIT = String.raw`(?:hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b\.?`;
const PART = String.raw`${NUMBER}(?:\s*(?:-|–|to)\s*${NUMBER})?\s*${UNIT}`;
/** One duration: a part, optionally followed by a smaller part ('1 hour 15 minutes', '1 hr and 15 min'). */
const DURATION = new RegExp(String.raw`(?<![\w/])${PART}(?:\s*(?:and\s+)?${PART})?`, 'giu');
const PART_ONLY = new RegExp(String.raw`(${NUMBER})(?:\s*(?:-|–|to)\s*${NUMBER})?\s*(${UNIT})`, 'iu');
const WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
};

function numberValue(text: string): number {
  const lower = text.toLowerCase().trim();
  if (lower.startsWith('half')) return 0.5;
  const word = WORDS[lower];
  if (word !== undefined) return word;
  const mixed = /^(\d+)\s+(\d)\/(\d)$/.exec(lower);
  if (mixed) return Number(mixed[1]) + Number(mixed[2]) / Number(mixed[3]);
  const fraction = /^(\d)\/(\d)$/.exec(lower);
  if (fraction) return Number(fraction[1]) / Number(fraction[2]);
  const vulgar = /^(\d*(?:[.,]\d+)?)\s*([½¼¾⅓⅔])$/.exec(lower);
  if (vulgar) return Number((vulgar[1] ?? '').replace(',', '.') || 0) + (VULGAR[vulgar[2] ?? ''] ?? 0);
  return Number(lower.replace(',', '.'));
}

function unitSeconds(unit: string): number {
  const lower = unit.toLowerCase();
  if (lower.startsWith('h')) return 3600;
  if (lower.startsWith('m')) return 60;
  return 1;
}

/** Seconds of one part; a range counts its lower end (when to check). */
function partSeconds(text: string): number {
  const match = PART_ONLY.exec(text);
  if (!match) return 0;
  return numberValue(match[1] ?? '') * unitSeconds(match[2] ?? '');
}

/**
 * The durations in a step, in order. Temperatures, sizes and amounts are not durations ('350°F',
 * '9x13 inch', '2 cups'); a bare 'm' or 's' counts only after a figure ('10 m'), never a word.
 */
export function findDurations(step: string): FoundDuration[] {
  const found: FoundDuration[] = [];
  for (const match of step.matchAll(DURATION)) {
    const text = match[0].trim();
    // 'a' and 'an' alone ('a minute') are fine; 'a s' or 'an m' never are.
    if (/^an?\s*[a-z]\b\.?$/i.test(text)) continue;
    const parts = text.split(new RegExp(String.raw`(?<=${UNIT})\s*(?:and\s+)?`, 'iu')).filter(Boolean);
    const seconds = Math.round(parts.reduce((sum, part) => sum + partSeconds(part), 0));
    if (!(seconds > 0)) continue;
    found.push({ start: match.index, end: match.index + match[0].length, text, seconds });
  }
  return found;
}

/** A duration for a timer's label: '25 min', '1 h 15 min', '30 s'. */
export function durationLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Time left on a timer as a clock: '4:05', '1:02:09'. */
export function clockText(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
