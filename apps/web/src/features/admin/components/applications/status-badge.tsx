import { Badge } from '@/components/ui/badge';
import { statusLabel, statusTone } from '../../lib/labels';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
