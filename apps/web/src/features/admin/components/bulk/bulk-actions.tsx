import { useState, type ReactNode } from 'react';
import { Check, Clock, X } from 'lucide-react';
import { toast } from 'sonner';
import { countChangedSchema, type BulkTargetBody } from '@lanyard/shared/admin';
import type { DecisionStatus } from '@lanyard/shared/constants';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { useBulkDeleteApplications } from '../../api/applications-bulk-delete';
import { useBulkUpdateStatus } from '../../api/applications-bulk-status';
import { formatCount } from '../../lib/labels';
import { useApplicationSelection } from '../../lib/selection';
import { notifyNoneSelected } from './bulk-messages';

export interface BulkStatusAction {
  status: DecisionStatus;
  /** The button in the Applications tab's selection bar. */
  short: string;
  /** The Bulk Actions tab's button and the confirmation's action. */
  label: string;
  verb: string;
  variant: 'default' | 'destructive' | 'secondary';
  icon: typeof Check;
}

/** In a fixed order (Bulk Accept, Bulk Reject, Bulk Waitlist). */
export const BULK_STATUS_ACTIONS: readonly BulkStatusAction[] = [
  {
    status: 'accepted',
    short: 'Accept',
    label: 'Bulk Accept',
    verb: 'accept',
    variant: 'default',
    icon: Check,
  },
  {
    status: 'rejected',
    short: 'Reject',
    label: 'Bulk Reject',
    verb: 'reject',
    variant: 'destructive',
    icon: X,
  },
  {
    status: 'waitlisted',
    short: 'Waitlist',
    label: 'Bulk Waitlist',
    verb: 'waitlist',
    variant: 'secondary',
    icon: Clock,
  },
];

/** What the confirmation names, frozen when it opens: the number sent is the number shown. */
interface Pending {
  action: BulkStatusAction | 'delete';
  target: BulkTargetBody;
  count: number;
  matching: boolean;
}

function applications(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'application' : 'applications'}`;
}

/** "all 612 applications matching this filter" or "3 selected applications". */
export function selectionPhrase(count: number, matching: boolean): string {
  if (matching) return `all ${applications(count)} matching this filter`;
  return `${formatCount(count)} selected ${count === 1 ? 'application' : 'applications'}`;
}

/** A refused count says what changed (the server's words); anything else a generic message. */
export function bulkErrorMessage(err: unknown, fallback: string): string {
  return isApiError(err) && err.code === 'count_changed' ? err.message : fallback;
}

export interface BulkActions {
  askStatus: (action: BulkStatusAction) => void;
  askDelete: () => void;
  busy: boolean;
  /** The typed confirmation; render it once beside the buttons. */
  dialog: ReactNode;
}

/**
 * Bulk status change and delete of the current selection, with the typed confirmation naming the
 * count: one behaviour wherever they are offered (the Applications tab's selection bar, the Bulk
 * Actions tab's cards).
 */
export function useBulkActions(): BulkActions {
  const selection = useApplicationSelection();
  const statusMutation = useBulkUpdateStatus();
  const deleteMutation = useBulkDeleteApplications();
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = statusMutation.isPending || deleteMutation.isPending;

  const ask = (action: Pending['action']) => {
    const target = selection.target();
    if (!target) {
      notifyNoneSelected();
      return;
    }
    setPending({ action, target, count: selection.count, matching: selection.matching });
  };

  const fail = (fallback: string) => (err: unknown) => {
    setPending(null);
    const changed = isApiError(err) ? countChangedSchema.safeParse(err.body) : undefined;
    if (changed?.success) selection.recount(changed.data.count);
    toast.error('Error', { description: bulkErrorMessage(err, fallback) });
  };

  const run = () => {
    if (!pending) return;
    const { action, target, matching } = pending;
    if (action === 'delete') {
      deleteMutation.mutate(target, {
        onSuccess: ({ deleted }) => {
          setPending(null);
          selection.clear();
          toast.success('Applications Deleted', {
            description: `${formatCount(deleted)} ${deleted === 1 ? 'application was' : 'applications were'} permanently deleted.`,
          });
        },
        onError: fail('Failed to delete applications'),
      });
      return;
    }
    statusMutation.mutate(
      { target, status: action.status },
      {
        onSuccess: ({ updated }) => {
          setPending(null);
          // Chosen ids stay chosen; "all matching" may no longer match, so it ends with the change.
          if (matching) selection.clear();
          toast.success('Bulk Action Completed', {
            description: `${applications(updated)} updated to ${action.status}.`,
          });
        },
        onError: fail('Failed to perform bulk action'),
      },
    );
  };

  const action = pending?.action;
  const phrase = pending ? selectionPhrase(pending.count, pending.matching) : '';
  const dialog = (
    <TypedConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : setPending(null))}
      title="Are you sure?"
      description={
        action === 'delete'
          ? `This permanently deletes ${phrase} and their resumes. This cannot be undone.`
          : `This will ${action?.verb ?? 'change'} ${phrase}. Applicants see the new status once decisions are released for their role.`
      }
      confirmText="confirm"
      actionLabel={action === 'delete' ? 'Delete Applications' : (action?.label ?? 'Confirm')}
      destructive={action === 'delete' || action?.status === 'rejected'}
      pending={busy}
      onConfirm={run}
    />
  );

  return {
    askStatus: (a) => ask(a),
    askDelete: () => ask('delete'),
    busy,
    dialog,
  };
}
