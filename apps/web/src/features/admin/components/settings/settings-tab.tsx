import { useEffect, useState, type FormEvent } from 'react';
import { KeyRound, Plus, RotateCcw, Save, Sparkles, X } from 'lucide-react';
import { toast } from 'sonner';
import { DATE_MAX, DATE_MIN } from '@lanyard/shared/dates';
import type { AdminSettings, WindowStatus } from '@lanyard/shared/settings';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useGenerateAccessCode } from '../../api/settings-generate-access-code';
import { useAdminSettings } from '../../api/settings-get';
import { useUpdateSettings } from '../../api/settings-update';
import { EmailTemplatesCard } from './email-templates-card';
import { SettingSwitch } from './setting-switch';
import {
  addAccessCode,
  buildUpdateBody,
  DEFAULT_TIME,
  isDirty,
  previewWindow,
  toDraft,
  type DraftErrors,
  type SettingsDraft,
} from './settings-draft';

export const LOAD_SETTINGS_ERROR = 'Failed to load application settings.';
export const SAVE_SETTINGS_ERROR = 'Failed to save settings.';

const STATUS_VIEW: Record<WindowStatus, { label: string; tone: NonNullable<BadgeProps['tone']> }> = {
  open: { label: 'Open', tone: 'green' },
  late: { label: 'Late (access code required)', tone: 'yellow' },
  closed: { label: 'Closed', tone: 'red' },
};

/** Admin portal, settings tab (spec §2 "Application Control"). */
export function SettingsTab() {
  const settings = useAdminSettings();
  // Bumped to start the form again from the saved settings (after Save or Reset Changes).
  const [formKey, setFormKey] = useState(0);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (settings.isError) toast.error('Error', { description: LOAD_SETTINGS_ERROR });
  }, [settings.isError]);

  const reload = async () => {
    setReloading(true);
    const result = await settings.refetch();
    setReloading(false);
    if (!result.isError) setFormKey((k) => k + 1);
  };

  return (
    <section aria-labelledby="settings-tab-title" className="flex flex-col gap-4">
      <h2 id="settings-tab-title" className="text-xl font-semibold text-slate-900">
        Application Control
      </h2>
      {settings.isError ? (
        <Alert tone="error" role="alert" className="items-center">
          <AlertDescription className="mt-0 flex-1">{LOAD_SETTINGS_ERROR}</AlertDescription>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {settings.isPending ? (
        <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-700">
          <Spinner /> Loading settings...
        </p>
      ) : settings.data ? (
        <SettingsForm
          key={formKey}
          saved={settings.data}
          reloading={reloading}
          onReload={() => void reload()}
          onSaved={() => setFormKey((k) => k + 1)}
        />
      ) : null}
      {/* Saved per template, never by the Save Changes above. */}
      <EmailTemplatesCard />
    </section>
  );
}

interface SettingsFormProps {
  saved: AdminSettings;
  reloading: boolean;
  onReload: () => void;
  onSaved: () => void;
}

function SettingsForm({ saved, reloading, onReload, onSaved }: SettingsFormProps) {
  const [initial, setInitial] = useState(() => toDraft(saved));
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [errors, setErrors] = useState<DraftErrors>({});
  const updateSettings = useUpdateSettings();
  const dirty = isDirty(initial, draft);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const built = buildUpdateBody(initial, draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    updateSettings.mutate(built.body, {
      onSuccess: (next) => {
        toast.success('Settings Saved', { description: next.message });
        onSaved();
      },
      onError: () => toast.error('Error', { description: SAVE_SETTINGS_ERROR }),
    });
  };

  const projected = dirty ? previewWindow(draft, new Date()) : null;
  // Only worth a line when saving would change what applicants see.
  const preview =
    projected && (projected.status !== saved.status || projected.message !== saved.message)
      ? projected
      : null;
  const current = STATUS_VIEW[saved.status];
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const busy = updateSettings.isPending || reloading;

  return (
    <form onSubmit={save} noValidate aria-label="Application settings" className="flex flex-col gap-4">
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

      <Card aria-labelledby="settings-window-title">
        <CardHeader className="pb-3">
          <CardTitle id="settings-window-title" className="text-base">
            Application Window
          </CardTitle>
          <CardDescription>Times are in your time zone ({timeZone}).</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <DateTimeField
            idPrefix="application-deadline"
            legend="Application Deadline"
            date={draft.deadlineDate}
            time={draft.deadlineTime}
            error={errors.deadline}
            onChange={(date, time) => setDraft((d) => ({ ...d, deadlineDate: date, deadlineTime: time }))}
            emptyText="No deadline: applications stay open until you close them."
          />
          <SettingSwitch
            id="force-application-open"
            label="Force Applications Open"
            description="Overrides the deadline: anyone can apply, no access code needed."
            checked={draft.forceOpen}
            onCheckedChange={(v) => set('forceOpen', v)}
          />
          <SettingSwitch
            id="allow-late-applications"
            label="Allow Late Applications (with code)"
            description="After the deadline, applicants with a special access code can still apply."
            checked={draft.allowLate}
            onCheckedChange={(v) => set('allowLate', v)}
          />
          <SettingSwitch
            id="require-access-code"
            label="Require Access Code for ALL Applicants"
            description="Every hacker needs a special access code to submit, even before the deadline."
            checked={draft.requireCode}
            onCheckedChange={(v) => set('requireCode', v)}
          />
        </CardContent>
      </Card>

      <Card aria-labelledby="settings-rsvp-title">
        <CardHeader className="pb-3">
          <CardTitle id="settings-rsvp-title" className="text-base">
            RSVP Controls
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <DateTimeField
            idPrefix="rsvp-deadline"
            legend="RSVP Deadline"
            date={draft.rsvpDeadlineDate}
            time={draft.rsvpDeadlineTime}
            error={errors.rsvpDeadline}
            onChange={(date, time) =>
              setDraft((d) => ({ ...d, rsvpDeadlineDate: date, rsvpDeadlineTime: time }))
            }
            emptyText="No RSVP deadline."
          />
          <SettingSwitch
            id="rsvps-open"
            label="RSVPs Open"
            description="Accepted and waitlisted applicants can answer their RSVP."
            checked={draft.rsvpOpen}
            onCheckedChange={(v) => set('rsvpOpen', v)}
          />
        </CardContent>
      </Card>

      <AccessCodesCard
        codes={draft.codes}
        onChange={(codes) => set('codes', codes)}
        onGenerated={(code, savedCodes) => {
          // The server stores a generated code at once: it is saved, not a pending edit.
          setInitial((i) => ({ ...i, codes: savedCodes }));
          setDraft((d) => ({ ...d, codes: d.codes.includes(code) ? d.codes : [...d.codes, code] }));
        }}
      />

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 px-1 py-3">
        <p className="w-full text-sm text-slate-600 sm:mr-auto sm:w-auto" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button variant="secondary" onClick={onReload} disabled={busy}>
          {reloading ? <Spinner className="size-4" /> : <RotateCcw aria-hidden="true" />}
          Reset Changes
        </Button>
        <Button type="submit" disabled={busy || !dirty}>
          {updateSettings.isPending ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

interface DateTimeFieldProps {
  idPrefix: string;
  legend: string;
  date: string;
  time: string;
  error: string | undefined;
  onChange: (date: string, time: string) => void;
  emptyText: string;
}

function DateTimeField({ idPrefix, legend, date, time, error, onChange, emptyText }: DateTimeFieldProps) {
  const errorId = error ? `${idPrefix}-error` : undefined;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${idPrefix}-date`}>
            <span className="sr-only">{legend} </span>Date
          </Label>
          <Input
            id={`${idPrefix}-date`}
            type="date"
            value={date}
            min={DATE_MIN}
            max={DATE_MAX}
            aria-invalid={error ? true : undefined}
            // A date chosen without a time means the end of that day.
            onChange={(e) => onChange(e.target.value, e.target.value && !time ? DEFAULT_TIME : time)}
            className="sm:w-48"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${idPrefix}-time`}>
            <span className="sr-only">{legend} </span>Time
          </Label>
          <Input
            id={`${idPrefix}-time`}
            type="time"
            value={time}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(date, e.target.value)}
            className="sm:w-36"
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="sm:mb-1"
          disabled={!date && !time}
          onClick={() => onChange('', '')}
          aria-label={`Clear ${legend}`}
        >
          <X aria-hidden="true" />
          Clear
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : !date && !time ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : null}
    </fieldset>
  );
}

interface AccessCodesCardProps {
  codes: string[];
  onChange: (codes: string[]) => void;
  onGenerated: (code: string, savedCodes: string[]) => void;
}

function AccessCodesCard({ codes, onChange, onGenerated }: AccessCodesCardProps) {
  const [input, setInput] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const generate = useGenerateAccessCode();

  const add = () => {
    const result = addAccessCode(codes, input);
    switch (result.outcome) {
      case 'added':
        onChange(result.codes);
        setInput('');
        setNotice(null);
        break;
      case 'duplicate':
        setInput('');
        setNotice(`${result.code} is already in the list.`);
        break;
      case 'invalid':
        setNotice(result.message);
        break;
      case 'empty':
        setNotice(null);
        break;
    }
  };

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: ({ code, codes: savedCodes }) => {
        onGenerated(code, savedCodes);
        toast.success('Success', { description: `Access code ${code} was generated and saved.` });
      },
      onError: () => toast.error('Error', { description: 'Failed to generate an access code.' }),
    });

  return (
    <Card aria-labelledby="settings-codes-title">
      <CardHeader className="pb-3">
        <CardTitle id="settings-codes-title" className="text-base">
          Special Access Codes
        </CardTitle>
        <CardDescription>
          Late applicants (or everyone, when a code is required for all) enter one of these codes to apply.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="new-access-code">New access code</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="new-access-code"
              value={input}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={notice ? 'new-access-code-notice' : undefined}
              className="font-mono uppercase sm:max-w-xs"
              onChange={(e) => {
                setInput(e.target.value.toUpperCase());
                setNotice(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" onClick={add}>
              <Plus aria-hidden="true" />
              Add
            </Button>
            <Button variant="ghost" onClick={onGenerate} disabled={generate.isPending}>
              {generate.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
              Generate
            </Button>
          </div>
          <p id="new-access-code-notice" className="min-h-5 text-sm text-slate-700" aria-live="polite">
            {notice}
          </p>
        </div>
        {codes.length === 0 ? (
          <p className="text-sm text-slate-600">No access codes yet.</p>
        ) : (
          <ul aria-label="Access codes" className="flex flex-wrap gap-2">
            {codes.map((code) => (
              <li
                key={code}
                className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-1 pl-3 font-mono text-sm text-slate-900"
              >
                <KeyRound aria-hidden="true" className="size-3.5 text-slate-500" />
                <span>{code}</span>
                <button
                  type="button"
                  onClick={() => onChange(codes.filter((c) => c !== code))}
                  aria-label={`Remove ${code}`}
                  className="rounded-full p-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-ink"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {codes.length > 0 ? (
          <Alert tone="info" className="py-2">
            <AlertTitle className="sr-only">Note</AlertTitle>
            <AlertDescription className="mt-0">
              Added or removed codes take effect when you save. Generated codes are saved at once.
            </AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
