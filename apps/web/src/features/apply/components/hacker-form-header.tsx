import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { eventTitle, useEventConfig } from '@/config/event-config';
import type { DraftSaveStatus } from '../hooks/use-draft-autosave';
import { SaveIndicator } from './save-indicator';

export function HackerFormHeader({
  forcedOpen,
  lateMode,
  saveStatus,
}: {
  forcedOpen: boolean;
  lateMode: boolean;
  saveStatus: DraftSaveStatus;
}) {
  const event = useEventConfig();
  return (
    <header className="flex flex-col gap-3">
      <p className="text-sm font-semibold tracking-wide text-brand-ink uppercase">{eventTitle(event)}</p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Hacker Application</h1>
      <p className="text-slate-700">
        Tell us about yourself. Your answers are saved as a draft while you type, so you can come back later.
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {forcedOpen ? (
          <Badge tone="blue">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            Admin Override: Applications Forced Open
          </Badge>
        ) : null}
        {lateMode ? (
          <Badge tone="orange">
            <AlertTriangle aria-hidden="true" className="size-3.5" />
            Late Application
          </Badge>
        ) : null}
        <SaveIndicator status={saveStatus} />
      </div>
    </header>
  );
}

/** The late-application notice, where the access code can be entered before submitting. */
export function LateApplicationAlert({
  message,
  accessCode,
  onAccessCodeChange,
}: {
  message: string;
  accessCode: string;
  onAccessCodeChange: (code: string) => void;
}) {
  return (
    <Alert tone="warning">
      <AlertTriangle aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <AlertTitle>Late application</AlertTitle>
          <AlertDescription>
            {message} You will be asked for your access code when you submit.
          </AlertDescription>
        </div>
        <FormField id="access-code" label="Access code" className="max-w-xs">
          {(ctl) => (
            <Input
              {...ctl}
              value={accessCode}
              onChange={(e) => onAccessCodeChange(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          )}
        </FormField>
      </div>
    </Alert>
  );
}
