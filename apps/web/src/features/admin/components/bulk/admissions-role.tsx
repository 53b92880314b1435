import { Link, useSearchParams } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import type { AdmissionsCounts, AdmissionsRole, CapacitySettings } from '@lanyard/shared/capacity';
import { Badge } from '@/components/ui/badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { cn } from '@/lib/utils';
import {
  formatDecimal,
  placesFilled,
  promotionState,
  ROLE_PLURAL,
  usedShareText,
} from '../../lib/admissions';
import { formatCount } from '../../lib/labels';
import { writeAdminTab } from '../../lib/tabs';
import { CAPACITY_SECTION_ID } from '../settings/capacity-card';
import { AdmissionsCalculator } from './admissions-calculator';
import { AdmissionsWave } from './admissions-wave';

const COUNTS: { key: keyof AdmissionsCounts; label: string }[] = [
  { key: 'offers', label: 'Offers made' },
  { key: 'confirmed', label: 'Confirmed' },
  { key: 'declined', label: 'Declined' },
  // Offers whose own deadline passed unanswered: not awaiting, and their places are free again.
  { key: 'expired', label: 'Expired' },
  { key: 'awaiting', label: 'Awaiting an answer' },
  { key: 'waitlisted', label: 'Waitlisted' },
  { key: 'checked_in', label: 'Checked in' },
];

/**
 * Where the places are set: the Settings tab, keeping whatever else the URL holds (as a tab change
 * does), landing on the Capacity card rather than the top of the tab.
 */
function SetPlacesLink() {
  const [params] = useSearchParams();
  return (
    <Link
      to={{ search: `?${writeAdminTab(params, 'settings').toString()}`, hash: `#${CAPACITY_SECTION_ID}` }}
      className="font-semibold text-brand-ink underline underline-offset-4 hover:no-underline"
    >
      Set places
    </Link>
  );
}

/** One role's admissions: its places, the counts, attendance to expect, and the offers calculator. */
export function AdmissionsRoleBlock({
  role,
  settings,
}: {
  role: AdmissionsRole;
  settings: CapacitySettings;
}) {
  const { title, lower } = ROLE_PLURAL[role.role];
  const id = `admissions-${role.role}`;
  const filled = placesFilled(role.expected_attendance, role.places);
  const over = filled !== null && filled > 100;
  const promotion = promotionState(role, settings);

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900">
          {title}
        </h3>
        <p className="text-sm text-slate-700" data-testid={`${id}-places`}>
          Places:{' '}
          {role.places === null ? (
            <>
              <span className="font-semibold text-slate-900">Not set</span> <SetPlacesLink />
            </>
          ) : (
            <span className="font-semibold text-slate-900 tabular-nums">{formatCount(role.places)}</span>
          )}
        </p>
      </div>

      {/* Before the first offer there is nothing unsent to warn about. */}
      {!role.released && role.offers > 0 ? (
        <Alert tone="warning">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription className="mt-0">
            Decisions for {lower} are not released yet: these offers have not been sent.
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap items-baseline gap-x-2 text-slate-700" data-testid={`${id}-expected`}>
          <span className="w-full text-sm font-medium text-slate-600">Expected attendance</span>{' '}
          <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatDecimal(role.expected_attendance)}
          </span>
          {role.places !== null ? (
            <>
              {' '}
              <span className="text-sm">of {formatCount(role.places)} places</span>
            </>
          ) : null}
        </p>
        {filled !== null ? (
          <>
            <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
              <div
                className={cn('h-full rounded-full', over ? 'bg-amber-600' : 'bg-brand')}
                style={{ width: `${Math.min(100, filled)}%` }}
              />
            </div>
            <p className="text-xs text-slate-600">
              {Math.round(filled)}% of the places{over ? ': more people expected than there are places' : ''}
            </p>
          </>
        ) : null}
        <p className="text-xs text-slate-600">
          Projected with {usedShareText(role.attend)} attendance of confirmed people and{' '}
          {usedShareText(role.yes)} “yes” to an offer.
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-2 xl:grid-cols-3">
        {COUNTS.map(({ key, label }) => (
          <div
            key={key}
            data-testid={`${id}-${key}`}
            className="flex flex-col gap-0.5 rounded-lg border border-slate-200 px-3 py-2"
          >
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatCount(role[key])}</dd>
          </div>
        ))}
      </dl>
      {role.offers === 0 && role.waitlisted === 0 ? (
        <p className="text-sm text-slate-600">
          No {lower} have been accepted yet: the projection starts with the first offers.
        </p>
      ) : null}

      <p
        className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700"
        data-testid={`${id}-promotion`}
      >
        Automatic promotion:{' '}
        <Badge tone={promotion.state === 'On' ? 'green' : promotion.state === 'Paused' ? 'yellow' : 'gray'}>
          {promotion.state}
        </Badge>
        {promotion.note ? <span className="text-xs text-slate-600">{promotion.note}</span> : null}
      </p>

      <AdmissionsCalculator role={role} />
      <AdmissionsWave role={role} />
    </section>
  );
}
