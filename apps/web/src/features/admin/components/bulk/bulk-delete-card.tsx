import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { useBulkDeleteApplications } from '../../api/applications-bulk-delete';
import { useApplicationSelection } from '../../lib/selection';
import { notifyNoneSelected, selectedLabel } from './bulk-messages';

export function BulkDeleteCard() {
  const selection = useApplicationSelection();
  const mutation = useBulkDeleteApplications();
  const [confirming, setConfirming] = useState(false);

  const open = () => {
    if (selection.count === 0) {
      notifyNoneSelected();
      return;
    }
    setConfirming(true);
  };

  const run = () => {
    mutation.mutate([...selection.ids], {
      onSuccess: ({ deleted }) => {
        setConfirming(false);
        selection.clear();
        toast.success('Applications Deleted', {
          description: `${deleted} ${deleted === 1 ? 'application was' : 'applications were'} permanently deleted.`,
        });
      },
      onError: () => {
        setConfirming(false);
        toast.error('Error', { description: 'Failed to delete applications' });
      },
    });
  };

  return (
    <Card aria-labelledby="bulk-delete-title" className="border-red-200">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="bulk-delete-title">Bulk Delete</CardTitle>
          <Badge tone={selection.count ? 'red' : 'gray'}>{selectedLabel(selection.count)}</Badge>
        </div>
        <CardDescription>
          Permanently deletes the selected applications and their resumes. The users keep their accounts and
          can apply again. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={open} disabled={mutation.isPending}>
          <Trash2 aria-hidden="true" />
          Delete Selected Applications
        </Button>
      </CardContent>
      <TypedConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you sure?"
        description={`This permanently deletes ${selection.count} selected ${
          selection.count === 1 ? 'application' : 'applications'
        } and their resumes. This cannot be undone.`}
        confirmText="confirm"
        actionLabel="Delete Applications"
        destructive
        pending={mutation.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
