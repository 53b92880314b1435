import { Megaphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import { announceFromList } from '../../lib/announcement-segment';
import { formatCount } from '../../lib/labels';

interface AnnounceButtonProps {
  list: 'applications' | 'rsvps';
  /** How many the list's filter matches now; undefined while it loads. */
  total: number | undefined;
  /** `total` is a lower bound ("these 10,000+"): the list counted no further. */
  capped?: boolean;
  className?: string;
}

/**
 * "Announce to these 123": opens the Announcements tab with this list's current filter as the
 * segment (the filter stays in the URL, where the composer reads it).
 */
export function AnnounceButton({ list, total, capped = false, className }: AnnounceButtonProps) {
  const [, setSearchParams] = useSearchParamsLatest();
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      disabled={!total}
      onClick={() => setSearchParams((prev) => announceFromList(prev, list))}
    >
      <Megaphone aria-hidden="true" />
      {total === undefined
        ? 'Announce'
        : `Announce to ${total === 1 ? 'this 1' : `these ${formatCount(total)}${capped ? '+' : ''}`}`}
    </Button>
  );
}
