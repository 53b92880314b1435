import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { localInputValue, type When } from '../../lib/announcement-draft';

interface AnnouncementScheduleProps {
  idPrefix: string;
  when: When;
  sendAt: string;
  error: string | undefined;
  onWhen: (when: When) => void;
  onSendAt: (value: string) => void;
}

/** Send now, or at a chosen time (the admin's own time zone, named beside the field). */
export function AnnouncementSchedule(props: AnnouncementScheduleProps) {
  const { idPrefix, when, error } = props;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const errorId = error ? `${idPrefix}-send-at-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">When</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
          <input
            type="radio"
            name={`${idPrefix}-when`}
            value="now"
            checked={when === 'now'}
            onChange={() => props.onWhen('now')}
            className="size-4 accent-brand"
          />
          Send now
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
          <input
            type="radio"
            name={`${idPrefix}-when`}
            value="later"
            checked={when === 'later'}
            onChange={() => {
              props.onWhen('later');
              // A sensible start: tomorrow at nine.
              if (!props.sendAt) {
                const d = new Date(Date.now() + 86_400_000);
                d.setHours(9, 0, 0, 0);
                props.onSendAt(localInputValue(d));
              }
            }}
            className="size-4 accent-brand"
          />
          Schedule for later
        </label>
      </div>
      {when === 'later' ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${idPrefix}-send-at`}>Send at</Label>
          <Input
            id={`${idPrefix}-send-at`}
            type="datetime-local"
            value={props.sendAt}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId ?? `${idPrefix}-send-at-hint`}
            onChange={(e) => props.onSendAt(e.target.value)}
            className="sm:w-64"
          />
          {error ? (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : (
            <p id={`${idPrefix}-send-at-hint`} className="text-xs text-slate-600">
              Your time zone ({zone}). You can cancel it until it goes.
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
