import { ageOn, isRealDate, parseBirthMonth } from '@lanyard/shared/dates';

/** The age badge: blue ring 18+, red under 18, grey when the birthday is not known. */
export type AgeBadgeState =
  | { kind: 'adult'; age: number; label: string }
  | { kind: 'minor'; age: number; label: string }
  | { kind: 'unknown'; label: string };

type Part = number | string | null | undefined;

function wholeNumber(v: Part): number | undefined {
  if (v === null || v === undefined) return undefined;
  const text = String(v).trim();
  if (!/^\d{1,4}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * Age on the event's first day (`eventStartDate`, YYYY-MM-DD, from the event config): 18 on the
 * birthday itself, still 17 the day before. Unknown when any part is missing or the date cannot
 * exist. The month may be 1-12 or a month name or abbreviation, as the CSV allows.
 */
export function ageBadge(
  birth: { birthYear: Part; birthMonth: Part; birthDay: Part },
  eventStartDate: string,
): AgeBadgeState {
  const year = wholeNumber(birth.birthYear);
  const month = parseBirthMonth(birth.birthMonth ?? undefined);
  const day = wholeNumber(birth.birthDay);
  if (year === undefined || month === undefined || day === undefined || !isRealDate(year, month, day)) {
    return { kind: 'unknown', label: 'Unknown' };
  }
  const age = ageOn(eventStartDate, year, month, day);
  if (age < 0) return { kind: 'unknown', label: 'Unknown' };
  return age >= 18 ? { kind: 'adult', age, label: `${age}` } : { kind: 'minor', age, label: `${age}` };
}

/** Words for screen readers and titles: "Age 19 (18+)", "Age 17 (under 18)", "Age unknown". */
export function ageBadgeDescription(state: AgeBadgeState): string {
  if (state.kind === 'unknown') return 'Age unknown';
  return `Age ${state.age} (${state.kind === 'adult' ? '18+' : 'under 18'})`;
}
