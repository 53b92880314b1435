import type { ReactNode } from 'react';
import { APPLICANT_ROLES, APPLICATION_STATUSES } from '@lanyard/shared/constants';
import type { LogisticsScope } from '@lanyard/shared/insights';
import { labelledOptions } from '@lanyard/shared/labels';
import { Card } from '@/components/ui/card';
import { FilterChips } from '@/components/ui/filter-chips';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';
import type { InsightsParams } from '../../api/insights';
import { readInsightsParams, writeInsightsParams } from '../../lib/insights-params';
import { CustomPanels } from './custom-panels';
import { DemographicsPanels } from './demographics-panels';
import { FunnelPanel } from './funnel-panel';
import { CheckinsPanel, RsvpsPanel } from './live-panels';
import { LogisticsPanels } from './logistics-panels';
import { ReviewPanel } from './review-panel';
import { TimelinePanel } from './timeline-panel';
import { TravelPanels } from './travel-panels';
import { ViewToggle } from './view-toggle';
import { FiltersCardHeader } from '../filters-card-header';

const ROLE_OPTIONS = labelledOptions(APPLICANT_ROLES);
// "Pending" and "Submitted" are one state (docs/decisions/012): one chip for both.
const STATUS_OPTIONS = labelledOptions(APPLICATION_STATUSES.filter((s) => s !== 'pending'));

function Section({
  title,
  description,
  controls,
  children,
}: {
  title: string;
  description: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const id = `insights-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-700">{description}</p>
        </div>
        {controls}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

/** The Insights tab: every panel, filtered by role and status from the URL. Loaded with the charts, on demand. */
export default function InsightsPanels() {
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const params = readInsightsParams(searchParams);
  const update = (patch: Partial<InsightsParams>) =>
    setSearchParams((prev) => writeInsightsParams(prev, { ...readInsightsParams(prev), ...patch }), {
      replace: true,
    });
  const active = params.role.length + params.status.length;

  return (
    <div className="flex flex-col gap-8">
      <Card aria-labelledby="insights-filters-title" className="flex flex-col gap-4 p-4 sm:p-5">
        <FiltersCardHeader
          id="insights-filters-title"
          level="h2"
          count={active}
          onClear={() => update({ role: [], status: [] })}
        />
        <div className="flex flex-wrap gap-6">
          <FilterChips
            legend="Role"
            options={ROLE_OPTIONS}
            value={params.role}
            onChange={(role) => update({ role })}
          />
          <FilterChips
            legend="Status"
            options={STATUS_OPTIONS}
            value={params.status.filter((s) => s !== 'pending')}
            onChange={(status) => update({ status })}
          />
        </div>
      </Card>

      <Section title="Applications" description="Registrations, applications and where each stage stands.">
        <TimelinePanel params={params} />
        <FunnelPanel params={params} />
      </Section>

      <Section title="Who applied" description="Submitted applications that match the filters.">
        <DemographicsPanels params={params} />
        <CustomPanels params={params} />
      </Section>

      <Section
        title="Logistics"
        description={
          params.scope === 'confirmed'
            ? 'Confirmed attendees: accepted, and said they are coming.'
            : 'Every accepted applicant, whether or not they have confirmed.'
        }
        controls={
          <ViewToggle<LogisticsScope>
            label="Count"
            value={params.scope}
            onChange={(scope) => update({ scope })}
            options={[
              { value: 'confirmed', label: 'Confirmed attendees' },
              { value: 'accepted', label: 'All accepted' },
            ]}
          />
        }
      >
        <LogisticsPanels params={params} />
      </Section>

      <Section title="Travel" description="The cities applicants named, for buses and travel grants.">
        <TravelPanels params={params} />
      </Section>

      <Section title="Event day" description="RSVPs as they arrive, and check-ins at the door, live.">
        <RsvpsPanel params={params} />
        <CheckinsPanel params={params} />
      </Section>

      <Section title="Review" description="Where the applications stand in review.">
        <ReviewPanel params={params} />
      </Section>
    </div>
  );
}
