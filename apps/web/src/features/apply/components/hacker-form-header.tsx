import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApplicationFormHeader } from '@/components/application-form/application-form-header';
import type { DraftSaveStatus } from '@/components/application-form/use-draft-autosave';

export function HackerFormHeader({
  forcedOpen,
  lateMode,
  saveStatus,
}: {
  forcedOpen: boolean;
  lateMode: boolean;
  saveStatus: DraftSaveStatus;
}) {
  return (
    <ApplicationFormHeader title="Hacker Application" intro="Tell us about yourself." saveStatus={saveStatus}>
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
    </ApplicationFormHeader>
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
