import type { BookQuery } from '@lanyard/shared/sponsors';

/** The book's filters live in the URL (shareable, Back works): these keys, nothing else. */
const KEYS = ['search', 'school', 'major', 'graduation_year', 'starred'] as const;

export function bookQueryFrom(params: URLSearchParams): BookQuery {
  const query: BookQuery = { page: Math.max(1, Number(params.get('page')) || 1) };
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'starred') {
      if (value === 'true') query.starred = 'true';
    } else if (key === 'graduation_year') {
      if (/^\d{4}$/.test(value)) query.graduation_year = value;
    } else query[key] = value.slice(0, 200);
  }
  return query;
}

export function bookSearchParams(query: BookQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** How many filters narrow the list (the page is not one). */
export function activeFilters(query: BookQuery): number {
  return KEYS.filter((key) => Boolean(query[key])).length;
}
