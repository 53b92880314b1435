import { SCHOOL_PICKER_SUGGESTIONS } from '@lanyard/shared/constants';

/** One row of src/assets/universities.json: name, ISO country code, state or province ('' if unknown). */
export type SchoolRow = readonly [name: string, countryCode: string, state: string];

export interface SchoolIndex {
  rows: readonly SchoolRow[];
  /** Normalised names, same order as rows. */
  keys: readonly string[];
  /** Initials of the significant words ("University of California, Los Angeles" -> "ucla"). */
  initials: readonly string[];
}

const SMALL_WORDS = new Set(['of', 'the', 'and', 'at', 'in', 'for', 'de', 'la', 'du', 'des', 'di', 'a']);

/** Lower case, accents and punctuation removed, single spaces: "École d'Art" -> "ecole d art". */
export function normaliseSchoolText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function initialsOf(key: string): string {
  return key
    .split(' ')
    .filter((w) => w && !SMALL_WORDS.has(w))
    .map((w) => w[0])
    .join('');
}

export function buildSchoolIndex(rows: readonly SchoolRow[]): SchoolIndex {
  const keys = rows.map((r) => normaliseSchoolText(r[0]));
  return { rows, keys, initials: keys.map(initialsOf) };
}

/**
 * How well a school's name matches the query; lower is better, null is no match.
 * 0 exact, 1 name starts with the query, 2 initials ("mit", "ucla"), 3 a word starts with the query,
 * 4 every query word starts a word of the name, 5 every query word appears somewhere.
 */
function rank(key: string, initials: string, query: string, words: readonly string[]): number | null {
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  if (words.length === 1 && query.length >= 2 && initials === query) return 2;
  if (key.includes(' ' + query)) return 3;
  const padded = ' ' + key;
  if (words.every((w) => padded.includes(' ' + w))) return 4;
  if (words.every((w) => key.includes(w))) return 5;
  return null;
}

/**
 * The picker's suggestions (spec §2, §9): the first 10 schools (United States first) for an empty
 * query, else the 20 best matches, best first and in list order within a rank.
 */
export function searchSchools(
  index: SchoolIndex,
  query: string,
  limits: { empty: number; filtered: number } = SCHOOL_PICKER_SUGGESTIONS,
): SchoolRow[] {
  const q = normaliseSchoolText(query);
  if (!q) return index.rows.slice(0, limits.empty);
  const words = q.split(' ');
  const buckets: SchoolRow[][] = [[], [], [], [], [], []];
  for (let i = 0; i < index.rows.length; i++) {
    const r = rank(index.keys[i]!, index.initials[i]!, q, words);
    if (r === null) continue;
    buckets[r]!.push(index.rows[i]!);
    // Enough of the best ranks already: the rest cannot make the cut.
    if (r <= 1 && buckets[0]!.length + buckets[1]!.length >= limits.filtered) break;
  }
  return buckets.flat().slice(0, limits.filtered);
}

let regionNames: Intl.DisplayNames | null | undefined;

function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Georgia, United States", or just the country when the state is unknown. */
export function schoolLocation(row: SchoolRow): string {
  const [, countryCode, state] = row;
  const country = countryCode ? countryName(countryCode) : '';
  return [state, country].filter(Boolean).join(', ');
}
