import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateTimeField } from './date-time-field';
import { SettingSwitch } from './setting-switch';
import type { DraftErrors, SettingsDraft } from './settings-draft';

type RsvpDraft = Pick<SettingsDraft, 'rsvpDeadlineDate' | 'rsvpDeadlineTime' | 'rsvpOpen'>;

interface RsvpCardProps {
  draft: RsvpDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<RsvpDraft>) => void;
}

export function RsvpCard({ draft, errors, onChange }: RsvpCardProps) {
  return (
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
          onChange={(date, time) => onChange({ rsvpDeadlineDate: date, rsvpDeadlineTime: time })}
          emptyText="No RSVP deadline."
        />
        <SettingSwitch
          id="rsvps-open"
          label="RSVPs Open"
          description="Accepted and waitlisted applicants can answer their RSVP."
          checked={draft.rsvpOpen}
          onCheckedChange={(v) => onChange({ rsvpOpen: v })}
        />
      </CardContent>
    </Card>
  );
}
