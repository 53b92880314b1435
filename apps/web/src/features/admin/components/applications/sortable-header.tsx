import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ApplicationSort, SortDirection } from '@lanyard/shared/admin';
import { Th } from '@/components/ui/table';
import { cn } from '@/lib/utils';

interface SortableHeaderProps {
  column: ApplicationSort;
  label: string;
  sort: ApplicationSort;
  dir: SortDirection;
  onSort: (column: ApplicationSort) => void;
  className?: string;
}

/**
 * A column header that sorts the list on the server: a button (so Enter and Space work), and
 * aria-sort on the header of the column the list is sorted by.
 */
export function SortableHeader({ column, label, sort, dir, onSort, className }: SortableHeaderProps) {
  const active = sort === column;
  const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className={className}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 tracking-wide uppercase hover:bg-slate-200/60 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-ink',
          active ? 'text-slate-900' : 'text-slate-700',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', active ? '' : 'text-slate-400')} />
      </button>
    </Th>
  );
}
