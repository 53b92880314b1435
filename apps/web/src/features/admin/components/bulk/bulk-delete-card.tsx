import { Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApplicationSelection } from '../../lib/selection';
import { useBulkActions } from './bulk-actions';
import { selectedLabel } from './bulk-messages';

export function BulkDeleteCard() {
  const selection = useApplicationSelection();
  const bulk = useBulkActions();

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
        <Button variant="destructive" onClick={bulk.askDelete} disabled={bulk.busy}>
          <Trash2 aria-hidden="true" />
          Delete Selected Applications
        </Button>
      </CardContent>
      {bulk.dialog}
    </Card>
  );
}
