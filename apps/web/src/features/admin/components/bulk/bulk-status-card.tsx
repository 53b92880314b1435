import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApplicationSelection } from '../../lib/selection';
import { BULK_STATUS_ACTIONS, useBulkActions } from './bulk-actions';
import { selectedLabel } from './bulk-messages';

export function BulkStatusCard() {
  const selection = useApplicationSelection();
  const bulk = useBulkActions();

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
          Change the status of every application selected in the Applications tab at once (the same actions as
          its selection bar).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {BULK_STATUS_ACTIONS.map((action) => {
          const Icon = action.icon;
          return (
            <Button
              key={action.status}
              variant={action.variant}
              onClick={() => bulk.askStatus(action)}
              disabled={bulk.busy}
            >
              <Icon aria-hidden="true" />
              {action.label}
            </Button>
          );
        })}
      </CardContent>
      {bulk.dialog}
    </Card>
  );
}
