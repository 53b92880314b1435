import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/tooltip';
import { activeFilterChips } from '../../lib/application-filter-chips';
import { useCustomFilters } from './use-custom-filters';
import {
  activeFilterCount,
  filtersActiveLabel,
  type ApplicationFilters,
} from '../../lib/application-filters';

interface ApplicationsFilterChipsProps {
  filters: ApplicationFilters;
  onChange: (patch: Partial<ApplicationFilters>) => void;
  onClear: () => void;
}

/** The active filters as chips, each removable on its own, with the count and "Clear All". */
export function ApplicationsFilterChips({ filters, onChange, onClear }: ApplicationsFilterChipsProps) {
  const { labels } = useCustomFilters();
  const chips = activeFilterChips(filters, labels);
  if (!chips.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
        {chips.map((chip) => (
          <li
            key={chip.key}
            className="inline-flex h-8 max-w-full items-center gap-1 rounded-full border border-brand-ink/30 bg-brand/10 pr-1 pl-3 text-xs font-semibold text-slate-900"
          >
            <span className="truncate" title={chip.label}>
              <bdi>{chip.label}</bdi>
            </span>
            <IconButton
              label={`Remove filter ${chip.label}`}
              onClick={() => onChange(chip.remove)}
              className="size-6 rounded-full text-slate-600 hover:bg-slate-900/10 hover:text-slate-900 focus-visible:outline-offset-1 [&_svg]:size-3.5"
            >
              <X aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {filtersActiveLabel(activeFilterCount(filters))}
      </p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        Clear All
      </Button>
    </div>
  );
}
