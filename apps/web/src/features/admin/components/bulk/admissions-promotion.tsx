import { Pause, Play } from 'lucide-react';
import { toast } from 'sonner';
import type { CapacitySettings } from '@lanyard/shared/capacity';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isClientError } from '@/lib/api-client';
import { useUpdateCapacitySettings } from '../../api/admissions-settings-update';
import { anyAutoPromote } from '../../lib/admissions';

export const PAUSE_ERROR = 'Failed to change automatic promotion.';

/**
 * The one switch that stops automatic promotion for every role at once (say, while the organisers
 * sort out a mistake), and starts it again. It saves on the spot: no form, no second step, because
 * a pause that waits for a Save is no pause.
 */
export function AdmissionsPromotion({ settings }: { settings: CapacitySettings }) {
  const update = useUpdateCapacitySettings();
  const paused = settings.promotion_paused;
  const anyOn = anyAutoPromote(settings);

  const toggle = () =>
    update.mutate(
      { promotion_paused: !paused },
      {
        onSuccess: () =>
          paused
            ? toast.success('Automatic Promotion Resumed', {
                description: 'Freed places are offered to the waitlist again.',
              })
            : toast.success('Automatic Promotion Paused', {
                description: 'Freed places stay empty until you resume it.',
              }),
        onError: (err) =>
          toast.error('Error', { description: isClientError(err) ? err.message : PAUSE_ERROR }),
      },
    );

  const button = (
    <Button
      variant={paused ? 'default' : 'secondary'}
      onClick={toggle}
      disabled={update.isPending}
      aria-busy={update.isPending || undefined}
      className="shrink-0"
    >
      {update.isPending ? (
        <Spinner className="size-4" />
      ) : paused ? (
        <Play aria-hidden="true" />
      ) : (
        <Pause aria-hidden="true" />
      )}
      {paused ? 'Resume automatic promotion' : 'Pause automatic promotion'}
    </Button>
  );

  if (paused) {
    return (
      <Alert tone="warning" className="flex-col items-start gap-3 sm:flex-row sm:items-center">
        <Pause aria-hidden="true" />
        <AlertDescription className="mt-0 flex-1" data-testid="admissions-promotion-status">
          <strong className="font-semibold">Automatic promotion is paused</strong> for every role: freed
          places stay empty until you resume it. Waves by hand still work.
        </AlertDescription>
        {button}
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-slate-700" data-testid="admissions-promotion-status">
        {anyOn
          ? 'Automatic promotion is on: a freed place goes to the next person on the waitlist within seconds. Pausing stops it for every role at once.'
          : 'Automatic promotion is off for every role. Turn it on per role under Settings, Capacity.'}
      </p>
      {button}
    </div>
  );
}
