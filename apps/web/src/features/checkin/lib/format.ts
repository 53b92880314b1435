/** "Sep 19, 10:42 AM" in the desk's own time zone; the year only when it is not this year. */
export function formatCheckedInAt(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Shirt sizes are shown upper-case (spec §2). */
export function formatShirtSize(size: string | null): string {
  return size ? size.toUpperCase() : '';
}

export function fullName(r: { firstName: string; lastName: string }): string {
  return `${r.firstName} ${r.lastName}`.trim();
}
