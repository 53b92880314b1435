import type { AdminSettings, ApplicationWindow, WindowStatus } from '@lanyard/shared/settings';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const STATUS_VIEW: Record<WindowStatus, { label: string; tone: NonNullable<BadgeProps['tone']> }> = {
  open: { label: 'Open', tone: 'green' },
  late: { label: 'Late (access code required)', tone: 'yellow' },
  closed: { label: 'Closed', tone: 'red' },
};

interface ApplicationStatusCardProps {
  saved: AdminSettings;
  /** The window the unsaved draft would give, or null when there is nothing unsaved. */
  projected: ApplicationWindow | null;
}

export function ApplicationStatusCard({ saved, projected }: ApplicationStatusCardProps) {
  // Only worth a line when saving would change what applicants see.
  const preview =
    projected && (projected.status !== saved.status || projected.message !== saved.message)
      ? projected
      : null;
  const current = STATUS_VIEW[saved.status];

  return (
    <Card aria-labelledby="settings-status-title">
      <CardHeader className="pb-3">
        <CardTitle id="settings-status-title" className="text-base">
          Application Status
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2" data-testid="settings-status">
          <span className="text-sm text-slate-700">Applications are now:</span>
          <Badge tone={current.tone}>{current.label}</Badge>
          <span className="text-sm text-slate-700">{saved.message}</span>
        </div>
        {preview ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            After saving:{' '}
            <Badge tone={STATUS_VIEW[preview.status].tone}>{STATUS_VIEW[preview.status].label}</Badge>{' '}
            {preview.message}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
