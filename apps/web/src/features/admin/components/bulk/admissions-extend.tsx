import { useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import type { ApplicantRole } from '@lanyard/shared/constants';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { useExtendOffers } from '../../api/offers-extend';
import { ROLE_PLURAL } from '../../lib/admissions';
import {
  defaultExtendParts,
  extendedDescription,
  extendedTitle,
  extendError,
  formatDueShort,
} from '../../lib/offers';
import { DateTimeField } from '../settings/date-time-field';
import { localPartsToIso } from '../settings/settings-draft';

export const EXTEND_ALL_ERROR = 'Failed to extend the deadlines.';

type RoleChoice = ApplicantRole | 'all';

const ID = 'admissions-extend';

/**
 * Everyone's open offers get more time (say, the e-mail went out late): each open offer with a
 * deadline of its own that ends sooner moves to the chosen time. None is shortened, and an expired
 * one stays expired: those are reopened one by one from the RSVP list, on purpose.
 */
export function AdmissionsExtend({ offersExpire }: { offersExpire: boolean }) {
  const extend = useExtendOffers();
  const [role, setRole] = useState<RoleChoice>('all');
  const [parts, setParts] = useState(() => defaultExtendParts(undefined, new Date()));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState<string | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const who = role === 'all' ? 'hackers and mentors' : ROLE_PLURAL[role].lower;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = localPartsToIso(parts.date, parts.time);
    if (!parsed.ok || parsed.iso === null) {
      setFieldError(parsed.ok ? 'Choose a date and time.' : parsed.error);
      return;
    }
    setFieldError(null);
    setDueAt(parsed.iso);
  };

  const apply = () => {
    if (!dueAt) return;
    extend.mutate(
      { ...(role === 'all' ? {} : { role }), due_at: dueAt },
      {
        onSuccess: (done) => {
          setDueAt(null);
          toast.success(extendedTitle(done.extended), {
            description: extendedDescription(done.extended, done.due_at),
          });
        },
        onError: (err) => {
          setDueAt(null);
          const { field, form } = extendError(err, EXTEND_ALL_ERROR);
          // A bad time belongs under the field it was typed in; anything else is the toast.
          if (field) setFieldError(field);
          else toast.error('Error', { description: form ?? EXTEND_ALL_ERROR });
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${ID}-title`}
      data-testid={ID}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-col gap-1">
        <h3 id={`${ID}-title`} className="font-semibold text-slate-900">
          Extend deadlines
        </h3>
        <p className="text-sm text-slate-600">
          Gives every open offer more time: each deadline that ends sooner moves to the time chosen. None is
          shortened, and expired offers stay expired (extend those one by one from the RSVP list).
          {offersExpire
            ? ''
            : ' Offers do not expire at the moment, so only earlier offers with deadlines move.'}
        </p>
      </div>
      <form onSubmit={review} noValidate aria-label="Extend deadlines" className="flex flex-col gap-4">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
          <div className="flex flex-col gap-2 lg:w-44">
            <Label htmlFor={`${ID}-role`}>Offers of</Label>
            <NativeSelect
              id={`${ID}-role`}
              value={role}
              onChange={(event) => setRole(event.target.value as RoleChoice)}
            >
              <option value="all">All roles</option>
              <option value="hacker">Hackers</option>
              <option value="mentor">Mentors</option>
            </NativeSelect>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <DateTimeField
              idPrefix={ID}
              legend="New deadline"
              date={parts.date}
              time={parts.time}
              error={fieldError ?? undefined}
              onChange={(date, time) => {
                setParts({ date, time });
                setFieldError(null);
              }}
              emptyText="Choose a date and time."
            />
            <p className="text-xs text-slate-600">Times are in your time zone ({zone}).</p>
          </div>
        </div>
        <Button type="submit" variant="secondary" className="self-start" disabled={extend.isPending}>
          <CalendarClock aria-hidden="true" />
          Extend deadlines
        </Button>
      </form>

      <TypedConfirmDialog
        open={dueAt !== null}
        onOpenChange={(open) => (open ? undefined : setDueAt(null))}
        title="Extend deadlines?"
        description={
          dueAt
            ? `Open offers of ${who} whose deadline ends before ${formatDueShort(dueAt)} get until then. Lanyard does not e-mail them about it.`
            : null
        }
        confirmText={null}
        actionLabel="Extend deadlines"
        pending={extend.isPending}
        onConfirm={apply}
      />
    </section>
  );
}
