import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { NOT_PROVIDED } from '../lib/application-answers';
import { roleName, safeHttpUrl } from '../lib/labels';
import {
  liabilityLabel,
  NO_CHOICE_MADE,
  NO_RESPONSE,
  photoPermissionLabel,
  rsvpStatusLabel,
  rsvpStatusTone,
  type PhotoAnswers,
} from '../lib/rsvp-labels';
import { StatusBadge } from './applications/status-badge';

/** What both the Applications detail dialog and the RSVP details dialog know about an applicant. */
export interface ApplicantSummaryData extends PhotoAnswers {
  name: string;
  email: string;
  role: string;
  status: string;
  rsvp_status: string | null;
  preferred_name: string | null;
  school_name: string | null;
  pronoun: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  liability_waiver_accepted: boolean | null;
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Label/value pairs; values are plain text (never HTML), isolated for bidi and wrapped when long. */
export function Fields({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, value], i) => (
        // By place: a custom question may be worded like another question.
        <div key={i} className="flex min-w-0 flex-col gap-1">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Text({ value }: { value: string | null | undefined }) {
  const text = value && value.trim() !== '' ? value : NOT_PROVIDED;
  return <bdi>{text}</bdi>;
}

export function LinkOrText({ value }: { value: string | null | undefined }) {
  const href = safeHttpUrl(value);
  if (!href) return <Text value={value} />;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium break-all text-brand-ink underline underline-offset-2"
    >
      {href}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The one presentation of an applicant and their RSVP, shared by the Applications detail dialog and
 * the RSVP details dialog, so the same application reads the same in both: same labels, same order,
 * same wording for empty answers. Each dialog adds its own extras to the Applicant section.
 */
export function ApplicantSummary({
  data: d,
  extra = [],
  idPrefix,
}: {
  data: ApplicantSummaryData;
  extra?: [label: string, value: ReactNode][];
  idPrefix: string;
}) {
  return (
    <>
      <Section title="Applicant" id={`${idPrefix}-applicant`}>
        <Fields
          items={[
            ['Name', <Text key="n" value={d.name} />],
            ['Email', <Text key="e" value={d.email} />],
            ['Role', roleName(d.role)],
            ['Status', <StatusBadge key="s" status={d.status} />],
            [
              'RSVP Status',
              <Badge key="r" tone={rsvpStatusTone(d.rsvp_status)}>
                {rsvpStatusLabel(d.rsvp_status, d.status)}
              </Badge>,
            ],
            ...extra,
          ]}
        />
      </Section>

      {/* The attendance details only when the RSVP is accepted. */}
      {d.rsvp_status === 'accepted' ? (
        <Section title="RSVP" id={`${idPrefix}-rsvp`}>
          <Fields
            items={[
              ['Preferred Full Name', <Text key="p" value={d.preferred_name} />],
              ['Official School Name', <Text key="s" value={d.school_name} />],
              ['Pronoun', <Text key="pr" value={d.pronoun} />],
              ['LinkedIn', <LinkOrText key="l" value={d.linkedin_url} />],
              ['GitHub', <LinkOrText key="g" value={d.github_url} />],
              ['Liability Waiver', liabilityLabel(d.liability_waiver_accepted, NO_RESPONSE)],
              ['Photo Permission', photoPermissionLabel(d, NO_CHOICE_MADE)],
            ]}
          />
        </Section>
      ) : null}
    </>
  );
}
