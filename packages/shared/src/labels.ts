/**
 * How a stored word (a status, a role) reads on screen: Title Case, underscores as spaces, the way
 * the Users tab's chips read and the dashboard labels ("Not Started", "Waitlisted").
 * Every chip and badge reads its label here, so one screen never says "pending" and another "Pending".
 */
export function titleLabel(word: string): string {
  return word
    .replace(/_/g, ' ')
    .replace(/(^|[\s+/-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

/** "not_started" → "Not Started", "pending" → "Pending". */
export function statusLabel(status: string): string {
  return titleLabel(status);
}

/** An account or check-in role as organisers see it: "hacker" → "Hacker", "mentor + judge" → "Mentor + Judge". */
export function roleTitle(role: string): string {
  return titleLabel(role);
}

/** Chip options for a list of stored words, labelled the one way. */
export function labelledOptions<T extends string>(values: readonly T[]): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: titleLabel(value) }));
}
