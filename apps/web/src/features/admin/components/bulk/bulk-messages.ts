import { toast } from 'sonner';
import { formatCount } from '../../lib/labels';

/** "N Selected" (the bulk cards' badge). */
export function selectedLabel(count: number): string {
  return `${formatCount(count)} Selected`;
}

export function notifyNoneSelected(): void {
  toast.error('No Applications Selected', {
    description: 'Please select applications before performing bulk actions',
  });
}
