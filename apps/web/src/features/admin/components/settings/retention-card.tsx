import { useEffect, useState, type FormEvent } from 'react';
import { Save, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  DEFAULT_RETENTION_SETTINGS,
  retentionSettingsSchema,
  type RetentionPreview,
  type RetentionRule,
  type RetentionSettings,
} from '@lanyard/shared/retention';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NumberInput } from '@/components/ui/number-input';
import { Spinner } from '@/components/ui/spinner';
import { isClientError } from '@/lib/api-client';
import { useRetention, useUpdateRetention } from '../../api/retention-settings';
import { SettingSwitch } from './setting-switch';

export const LOAD_RETENTION_ERROR = 'Failed to load the retention settings.';
export const SAVE_RETENTION_ERROR = 'Failed to save the retention settings.';

type Field = keyof RetentionSettings;

const RULES: {
  rule: RetentionRule;
  field: Field;
  label: string;
  /** Names the days field, so the three fields' labels differ. */
  short: string;
  from: string;
  what: readonly [string, string];
}[] = [
  {
    rule: 'resumes',
    field: 'resume_days',
    label: 'Delete resumes',
    short: 'Resumes',
    from: 'after the event ends',
    what: ['resume', 'resumes'],
  },
  {
    rule: 'non_attendees',
    field: 'non_attendee_days',
    label: 'Delete people who did not attend',
    short: 'People who did not attend',
    from: 'after the event ends',
    what: ['account of someone who did not attend', 'accounts of people who did not attend'],
  },
  {
    rule: 'unverified',
    field: 'unverified_days',
    label: 'Delete unverified accounts that never started an application',
    short: 'Unverified accounts',
    from: 'after sign-up',
    what: ['unverified account', 'unverified accounts'],
  },
];

// UTC: the job's dates are computed in UTC (the event's end is its last day's end, 00:00 UTC).
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const plural = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;

/** One line per rule: "142 resumes will be deleted on 20 Dec 2025", or why nothing will happen. */
export function previewLine(r: RetentionPreview['rules'][number], now = new Date()): string {
  const what = RULES.find((x) => x.rule === r.rule)!.what;
  if (!r.enabled || !r.due_at) return 'Off: nothing is deleted by this rule.';
  const due = new Date(r.due_at);
  const when = due.getTime() <= now.getTime() ? 'at the next daily run' : `on ${dayFormat.format(due)}`;
  return `${plural(r.count, what)} will be deleted ${when}.`;
}

/** Settings tab, "Data retention" (issue 21): the three periods of the daily retention job and its preview. */
export function RetentionCard() {
  const retention = useRetention();

  useEffect(() => {
    if (retention.isError) toast.error('Error', { description: LOAD_RETENTION_ERROR });
  }, [retention.isError]);

  return (
    <Card aria-labelledby="retention-title">
      <CardHeader className="pb-3">
        <CardTitle id="retention-title" className="flex items-center gap-2 text-base">
          <Trash2 aria-hidden="true" className="size-4 text-brand-ink" />
          Data retention
        </CardTitle>
        <CardDescription>
          A daily job deletes personal data once its period is over; the privacy page states these periods.
          Saved on its own.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {retention.isPending ? (
          <p role="status" className="flex items-center gap-2 py-4 text-sm text-slate-700">
            <Spinner className="size-4" /> Loading retention settings...
          </p>
        ) : retention.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_RETENTION_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void retention.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <RetentionForm preview={retention.data} />
        )}
      </CardContent>
    </Card>
  );
}

function RetentionForm({ preview }: { preview: RetentionPreview }) {
  const saved = preview.settings;
  const [draft, setDraft] = useState<RetentionSettings>(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateRetention();
  const dirty = RULES.some(({ field }) => !Object.is(draft[field], saved[field]));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = retentionSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (next) => {
        setDraft(next.settings);
        toast.success('Retention Settings Saved', { description: 'The next daily run applies them.' });
      },
      onError: (err) =>
        toast.error('Error', { description: isClientError(err) ? err.message : SAVE_RETENTION_ERROR }),
    });
  };

  return (
    <form onSubmit={save} noValidate aria-label="Retention settings" className="flex flex-col gap-4">
      {RULES.map(({ field, label, short, from }) => {
        const value = draft[field];
        return (
          <div key={field} className="flex flex-col gap-3">
            <SettingSwitch
              id={`retention-${field}-on`}
              label={label}
              checked={value !== null}
              onCheckedChange={(on) =>
                setDraft({
                  ...draft,
                  [field]: on ? (saved[field] ?? DEFAULT_RETENTION_SETTINGS[field]) : null,
                })
              }
            />
            {value !== null ? (
              <FormField
                id={`retention-${field}`}
                label={`${short}: days ${from}`}
                error={errors[field]}
                hint="1 to 3650"
              >
                {(control) => (
                  <NumberInput
                    {...control}
                    min={1}
                    max={3650}
                    step={1}
                    className="sm:max-w-40"
                    value={value}
                    onValueChange={(days) => setDraft({ ...draft, [field]: days })}
                  />
                )}
              </FormField>
            ) : null}
          </div>
        );
      })}
      <section aria-labelledby="retention-preview-heading" className="flex flex-col gap-2">
        <h3 id="retention-preview-heading" className="text-sm font-semibold text-slate-900">
          Next runs {dirty ? '(as saved)' : null}
        </h3>
        {preview.active ? null : (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="note">
            Not active yet: nothing is deleted until you save these periods.
          </p>
        )}
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {preview.rules.map((r) => (
            <li key={r.rule}>{previewLine(r)}</li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">
          Backups made before a run still hold what it deleted: keep them no longer than the shortest period.
        </p>
      </section>
      <div>
        {/* Saving unchanged periods is how an organiser first confirms them (decision 023). */}
        <Button type="submit" disabled={(!dirty && preview.active) || update.isPending}>
          <Save aria-hidden="true" className="size-4" />
          {update.isPending ? 'Saving...' : 'Save Retention'}
        </Button>
      </div>
    </form>
  );
}
