import { X } from 'lucide-react';
import type { BookFilters, BookQuery } from '@lanyard/shared/sponsors';
import { Button } from '@/components/ui/button';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { activeFilters } from '../lib/book-query';

type Key = 'school' | 'major' | 'graduation_year';

interface Props {
  query: BookQuery;
  filters: BookFilters | undefined;
  onChange: (patch: Partial<BookQuery>) => void;
  onClear: () => void;
}

/** Search, the three filter menus and "Starred only"; every change goes to the URL. */
export function BookFilterBar({ query, filters, onChange, onClear }: Props) {
  const menus: { key: Key; label: string; options: string[] }[] = [
    { key: 'school', label: 'School', options: filters?.schools ?? [] },
    { key: 'major', label: 'Major', options: filters?.majors ?? [] },
    { key: 'graduation_year', label: 'Graduation year', options: filters?.graduation_years ?? [] },
  ];
  const active = activeFilters(query);
  return (
    <section
      aria-label="Filters"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          Filters
          {active > 0 ? (
            <span className="ml-2 text-sm font-normal text-slate-600">{active} active</span>
          ) : null}
        </h2>
        {active > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear All
          </Button>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="grid gap-1 lg:col-span-2">
          <Label htmlFor="book-search">Search</Label>
          <DebouncedInput
            id="book-search"
            type="search"
            placeholder="Name, school or major"
            value={query.search ?? ''}
            onCommit={(search) => onChange({ search: search || undefined })}
          />
        </div>
        {menus.map((menu) => (
          <div key={menu.key} className="grid gap-1">
            <Label htmlFor={`book-${menu.key}`}>{menu.label}</Label>
            <NativeSelect
              id={`book-${menu.key}`}
              value={query[menu.key] ?? ''}
              onChange={(e) => onChange({ [menu.key]: e.target.value || undefined })}
            >
              <option value="">All</option>
              {/* A value from the URL that the book no longer holds stays choosable, so the menu shows it. */}
              {[...new Set([...(query[menu.key] ? [query[menu.key]!] : []), ...menu.options])].map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
      <label className="flex w-fit items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={query.starred === 'true'}
          onChange={(e) => onChange({ starred: e.target.checked ? 'true' : undefined })}
        />
        Starred only
      </label>
    </section>
  );
}
