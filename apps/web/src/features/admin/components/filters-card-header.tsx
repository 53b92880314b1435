import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { filtersActiveLabel } from '../lib/application-filters';

interface FiltersCardHeaderProps {
  /** The heading's id: the filters card is labelled by it. */
  id: string;
  /** The heading level where the card sits in its tab. */
  level?: 'h2' | 'h3';
  count: number;
  onClear: () => void;
}

/** A filters card's heading, with "N filters active" and Clear All while any filter is set. */
export function FiltersCardHeader({ id, level: Heading = 'h3', count, onClear }: FiltersCardHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <Heading id={id} className="text-base font-semibold text-slate-900">
        Filters
      </Heading>
      {count > 0 ? (
        <div className="flex items-center gap-3">
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {filtersActiveLabel(count)}
          </p>
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear All
          </Button>
        </div>
      ) : null}
    </div>
  );
}
