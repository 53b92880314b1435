/**
 * Dietary answers are free text ("Vegetarian.", "veggie, nut allergy", "GF", "n/a"). The caterer
 * needs counts per need, so each distinct answer is read once here: the needs it names, whether
 * anything in it is left unrecognised (then the caterer reads it verbatim), or that it says "none".
 * Only distinct answers come here (the database groups them), so the cost does not grow with people.
 */
import type { DietaryGroup } from '@lanyard/shared/insights';

export const DIETARY_LABELS: Record<DietaryGroup, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  kosher: 'Kosher',
  gluten_free: 'Gluten-free',
  dairy_free: 'Dairy-free',
  nut_allergy: 'Nut allergy',
  shellfish_allergy: 'Shellfish allergy',
  pescatarian: 'Pescatarian',
  no_pork: 'No pork',
  no_beef: 'No beef',
};

export interface DietaryReading {
  /** The recognised needs, each once. */
  groups: DietaryGroup[];
  /** Some part of the answer named no known need: the caterer should read it. */
  other: boolean;
  /** Blank, or a way of saying "nothing" ("none", "n/a", "no restrictions"). */
  none: boolean;
}

/**
 * Long words people misspell, matched within one or two edits (by length): "vegitarian",
 * "glutten", "halaal", "lactos". Short words are matched exactly, since one edit turns them into
 * other words.
 */
const CANONICAL = [
  'vegetarian',
  'vegetarians',
  'pescatarian',
  'shellfish',
  'lactose',
  'intolerant',
  'intolerance',
  'allergy',
  'allergies',
  'allergic',
  'gluten',
  'coeliac',
  'celiac',
  'kosher',
  'halal',
  'peanuts',
  'restrictions',
  'dietary',
];

/** Optimal string alignment distance: edits, with a swap of two neighbours counted as one. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function correct(word: string): string {
  if (word.length < 5) return word;
  const allowed = word.length >= 8 ? 2 : 1;
  for (const known of CANONICAL) {
    if (known[0] !== word[0] || Math.abs(known.length - word.length) > allowed) continue;
    if (distance(word, known) <= allowed) return known;
  }
  return word;
}

/** Lower case, accents and punctuation gone, typos of the long words corrected. */
function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(correct)
    .join(' ');
}

/**
 * The needs and how people write them, on normalised text. Order matters only where one phrase
 * contains another: "non veg" (eats meat) is taken before "veg", "vegan" never matches /veg\b/.
 */
const PATTERNS: [DietaryGroup | 'none', RegExp][] = [
  ['none', /\b(?:non|not) ?veg(?:etarian|gie|an)?\b/g],
  ['vegan', /\bvegan(?:s|ism)?\b|\bstrict vegetarian\b/g],
  [
    'vegetarian',
    /\b(?:vegetarians?|vegetarianism|veg|veggies?|vego|vegie|lacto(?: ?ovo)?|ovo(?: ?lacto)?|plant based|no meat|meat ?less|meat free|(?:do not|dont|don t) eat meat)\b/g,
  ],
  ['pescatarian', /\b(?:pescatarian|pescetarian|pesco|pescitarian)s?\b/g],
  ['halal', /\b(?:halal|halaal|hallal|zabiha|zabihah|zabeeha|muslim)\b/g],
  ['kosher', /\b(?:kosher|kashrut)\b/g],
  ['gluten_free', /\b(?:gluten|gf|coeliacs?|celiacs?|wheat)\b/g],
  ['dairy_free', /\b(?:lactose|dairy|milk)\b/g],
  [
    'nut_allergy',
    /\b(?:(?:tree ?)?nuts?|peanuts?|tree ?nuts?|almonds?|cashews?|walnuts?|hazelnuts?|pistachios?|pecans?)\b/g,
  ],
  ['shellfish_allergy', /\b(?:shell ?fish|crustaceans?|shrimps?|prawns?|lobsters?|crabs?|molluscs?)\b/g],
  ['no_pork', /\b(?:pork|pig|bacon|ham)\b/g],
  ['no_beef', /\b(?:beef|cow|hindu)\b/g],
];

/** Words that carry no need of their own once the needs are taken out ("I am strictly ... only"). */
const FILLER = new Set(
  (
    'a also am an and any are as at be but can cannot could diet dietary disease do does dont don eat else ' +
    'eating food foods for free have i im intolerant intolerance intolerances is it meal meals meat ' +
    'mild my no not of ok okay only or otherwise please plus prefer preferred preference products restriction ' +
    'restrictions restricted severe sensitive sensitivity so strict strictly t thank thanks the to ' +
    'very with without would allergy allergies allergic avoid'
  ).split(' '),
);

/** Whole answers that mean "nothing" (after normalising): "n/a" reads "n a", "-" reads "". */
const NONE_WORDS = new Set(
  (
    'none nothing nope nah na n a nil null no nada zero 0 x everything anything normal regular ' +
    'omnivore applicable'
  ).split(' '),
);

/** What one answer says. */
export function readDietary(text: string | null | undefined): DietaryReading {
  const norm = normalise(text ?? '');
  const groups: DietaryGroup[] = [];
  let rest = ` ${norm} `;
  for (const [group, pattern] of PATTERNS) {
    rest = rest.replace(pattern, () => {
      if (group !== 'none' && !groups.includes(group)) groups.push(group);
      return ' ';
    });
  }
  const left = rest.split(' ').filter((w) => w && !FILLER.has(w));
  if (groups.length === 0 && left.every((w) => NONE_WORDS.has(w))) {
    return { groups, other: false, none: true };
  }
  // "Vegetarian, nothing else": the "nothing" is not a need the caterer must read about.
  return { groups, other: left.some((w) => !NONE_WORDS.has(w)), none: false };
}
