import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DateTimeField } from './date-time-field';
import { SettingSwitch } from './setting-switch';
import type { DraftErrors, SettingsDraft } from './settings-draft';

type WindowDraft = Pick<
  SettingsDraft,
  'deadlineDate' | 'deadlineTime' | 'forceOpen' | 'allowLate' | 'requireCode'
>;

interface ApplicationWindowCardProps {
  draft: WindowDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<WindowDraft>) => void;
}

export function ApplicationWindowCard({ draft, errors, onChange }: ApplicationWindowCardProps) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
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
          onChange={(date, time) => onChange({ deadlineDate: date, deadlineTime: time })}
          emptyText="No deadline: applications stay open until you close them."
        />
        <SettingSwitch
          id="force-application-open"
          label="Force Applications Open"
          description="Overrides the deadline: anyone can apply, no access code needed."
          checked={draft.forceOpen}
          onCheckedChange={(v) => onChange({ forceOpen: v })}
        />
        <SettingSwitch
          id="allow-late-applications"
          label="Allow Late Applications (with code)"
          description="After the deadline, applicants with a special access code can still apply."
          checked={draft.allowLate}
          onCheckedChange={(v) => onChange({ allowLate: v })}
        />
        <SettingSwitch
          id="require-access-code"
          label="Require Access Code for ALL Applicants"
          description="Every hacker needs a special access code to submit, even before the deadline."
          checked={draft.requireCode}
          onCheckedChange={(v) => onChange({ requireCode: v })}
        />
      </CardContent>
    </Card>
  );
}
