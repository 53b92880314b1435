import { useState } from 'react';
import { Check, Clock, X } from 'lucide-react';
import { toast } from 'sonner';
import type { DecisionStatus } from '@lanyard/shared/constants';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { useBulkUpdateStatus } from '../../api/applications-bulk-status';
import { useApplicationSelection } from '../../lib/selection';
import { notifyNoneSelected, selectedLabel } from './bulk-messages';

const ACTIONS: {
  status: DecisionStatus;
  label: string;
  verb: string;
  variant: 'default' | 'destructive' | 'secondary';
  icon: typeof Check;
}[] = [
  { status: 'accepted', label: 'Bulk Accept', verb: 'accept', variant: 'default', icon: Check },
  { status: 'rejected', label: 'Bulk Reject', verb: 'reject', variant: 'destructive', icon: X },
  { status: 'waitlisted', label: 'Bulk Waitlist', verb: 'waitlist', variant: 'secondary', icon: Clock },
];

export function BulkStatusCard() {
  const selection = useApplicationSelection();
  const mutation = useBulkUpdateStatus();
  const [confirming, setConfirming] = useState<(typeof ACTIONS)[number] | null>(null);

  const open = (action: (typeof ACTIONS)[number]) => {
    if (selection.count === 0) {
      notifyNoneSelected();
      return;
    }
    setConfirming(action);
  };

  const run = () => {
    if (!confirming) return;
    const { status } = confirming;
    mutation.mutate(
      { ids: [...selection.ids], status },
      {
        onSuccess: ({ updated }) => {
          setConfirming(null);
          toast.success('Bulk Action Completed', {
            description: `${updated} ${updated === 1 ? 'application' : 'applications'} updated to ${status}.`,
          });
        },
        onError: () => {
          setConfirming(null);
          toast.error('Error', { description: 'Failed to perform bulk action' });
        },
      },
    );
  };

  return (
    <Card aria-labelledby="bulk-status-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="bulk-status-title">Bulk Status Changes</CardTitle>
          <Badge tone={selection.count ? 'blue' : 'gray'} data-testid="bulk-selected-count">
            {selectedLabel(selection.count)}
          </Badge>
        </div>
        <CardDescription>
          Change the status of every application selected in the Applications tab at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {ACTIONS.map((action) => {
          const Icon = action.icon;
          return (
            <Button
              key={action.status}
              variant={action.variant}
              onClick={() => open(action)}
              disabled={mutation.isPending}
            >
              <Icon aria-hidden="true" />
              {action.label}
            </Button>
          );
        })}
      </CardContent>
      <TypedConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setConfirming(null))}
        title="Are you sure?"
        description={`This will ${confirming?.verb ?? 'change'} ${selection.count} selected ${
          selection.count === 1 ? 'application' : 'applications'
        }. Applicants see the new status once decisions are released for their role.`}
        confirmText="confirm"
        actionLabel={confirming?.label ?? 'Confirm'}
        destructive={confirming?.status === 'rejected'}
        pending={mutation.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
