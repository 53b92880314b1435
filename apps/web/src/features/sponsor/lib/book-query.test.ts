import { describe, expect, it } from 'vitest';
import { activeFilters, bookQueryFrom, bookSearchParams } from './book-query';

describe('the book query in the URL', () => {
  it('round-trips filters and page, and drops what the server would refuse', () => {
    const q = bookQueryFrom(
      new URLSearchParams('search=ada&school=MIT&graduation_year=27&starred=yes&page=3&x=1'),
    );
    expect(q).toEqual({ page: 3, search: 'ada', school: 'MIT' });
    expect(bookSearchParams(q).toString()).toBe('search=ada&school=MIT&page=3');
    expect(activeFilters(q)).toBe(2);
  });

  it('keeps a valid year and the starred list; page 1 is left out', () => {
    const q = bookQueryFrom(new URLSearchParams('graduation_year=2027&starred=true'));
    expect(bookSearchParams(q).toString()).toBe('graduation_year=2027&starred=true');
  });
});
