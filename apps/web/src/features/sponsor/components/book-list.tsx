import { ExternalLink, FileText, Star } from 'lucide-react';
import type { BookEntry } from '@lanyard/shared/sponsors';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface Props {
  entries: BookEntry[];
  selected: ReadonlySet<string>;
  onToggleSelect: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onStar: (entry: BookEntry) => void;
  onOpen: (entry: BookEntry) => void;
}

const LINKS: { key: 'linkedin_url' | 'github_url' | 'portfolio_url'; label: string }[] = [
  { key: 'linkedin_url', label: 'LinkedIn' },
  { key: 'github_url', label: 'GitHub' },
  { key: 'portfolio_url', label: 'Portfolio' },
];

/** The people of one page: a card each, stacked on a phone and in rows on a wide screen. */
export function BookList({ entries, selected, onToggleSelect, onToggleAll, onStar, onOpen }: Props) {
  const allSelected = entries.length > 0 && entries.every((e) => selected.has(e.id));
  return (
    <div className="grid gap-2">
      <label className="flex w-fit items-center gap-2 px-1 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={allSelected}
          onChange={(e) => onToggleAll(e.target.checked)}
        />
        Select all on this page
      </label>
      <ul className="grid gap-2" aria-label="Resume book">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className={cn(
              'grid grid-cols-[auto_1fr_auto] items-start gap-3 rounded-xl border bg-white p-4 shadow-xs md:grid-cols-[auto_2fr_2fr_auto] md:items-center',
              selected.has(entry.id) ? 'border-brand-ink' : 'border-slate-200',
            )}
          >
            <input
              type="checkbox"
              className="mt-1 size-4 accent-brand md:mt-0"
              aria-label={`Select ${entry.name}`}
              checked={selected.has(entry.id)}
              onChange={() => onToggleSelect(entry.id)}
            />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{entry.name}</p>
              <p className="text-sm break-words text-slate-700">
                {[entry.major, entry.school].filter(Boolean).join(' · ')}
                {entry.graduation_year ? ` · Class of ${entry.graduation_year}` : ''}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-pressed={entry.starred}
              aria-label={entry.starred ? `Unstar ${entry.name}` : `Star ${entry.name}`}
              onClick={() => onStar(entry)}
              className="md:order-last"
            >
              <Star
                aria-hidden="true"
                className={entry.starred ? 'fill-amber-400 text-amber-500' : 'text-slate-500'}
              />
            </Button>
            <div className="col-span-3 flex flex-wrap items-center gap-x-4 gap-y-2 md:col-span-1 md:justify-end">
              {LINKS.map((l) =>
                entry[l.key] ? (
                  <a
                    key={l.key}
                    href={entry[l.key]!}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex items-center gap-1 text-sm text-brand-ink underline-offset-4 hover:underline"
                  >
                    {l.label}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                ) : null,
              )}
              <Button variant="secondary" size="sm" onClick={() => onOpen(entry)}>
                <FileText aria-hidden="true" />
                {entry.has_resume ? 'Resume' : 'Profile'}
                <span className="sr-only"> of {entry.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
