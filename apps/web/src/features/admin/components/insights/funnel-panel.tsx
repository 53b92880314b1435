import type { ApplicantRole } from '@lanyard/shared/constants';
import type { Bucket, Funnel, FunnelStage } from '@lanyard/shared/insights';
import { useInsight, type InsightsParams } from '../../api/insights';
import type { Drill } from '../../lib/insights-params';
import { BucketBars } from './bucket-bars';
import { ChartCard } from './chart-card';
import { formatCount } from './chart-theme';
import { useOpenList } from './use-open-list';

const ROLE_TITLES: Record<ApplicantRole, string> = { hacker: 'Hackers', mentor: 'Mentors' };

/** The stages the Applications list can show (registered, started and checked in it cannot). */
export function stageDrill(stage: FunnelStage, role: ApplicantRole): Drill {
  const roleOnly = { role: [role], status: [] };
  switch (stage) {
    case 'submitted':
      return roleOnly;
    case 'reviewed':
      return { ...roleOnly, reviewState: ['reviewed'] };
    case 'accepted':
      return { ...roleOnly, status: ['accepted'] };
    case 'confirmed':
      return { ...roleOnly, status: ['accepted'], rsvp: ['accepted'] };
    default:
      return null;
  }
}

function visibleStages(funnel: Funnel, stages: Funnel['roles'][number]['stages']) {
  return funnel.review_used ? stages : stages.filter((s) => s.stage !== 'reviewed');
}

export function funnelSummary(funnel: Funnel): string {
  return funnel.roles
    .map(({ role, stages }) => {
      const first = stages[0];
      const last = stages.at(-1);
      const accepted = stages.find((s) => s.stage === 'accepted');
      return `${ROLE_TITLES[role]}: ${formatCount(first?.count ?? 0)} registered, ${formatCount(accepted?.count ?? 0)} accepted, ${formatCount(last?.count ?? 0)} checked in.`;
    })
    .join(' ');
}

export function FunnelPanel({ params }: { params: InsightsParams }) {
  const query = useInsight('funnel', params);
  const list = useOpenList(params);
  const funnel = query.data;
  const rows = funnel?.roles.flatMap(({ role, stages }) =>
    visibleStages(funnel, stages).map((s) => ({ role, ...s })),
  );
  return (
    <ChartCard
      name="funnel"
      title="Funnel"
      summary={funnel ? funnelSummary(funnel) : undefined}
      query={query}
      className="lg:col-span-2"
      table={
        rows && {
          columns: ['Role', 'Stage', 'People', 'Share of the stage before'],
          rows: rows.map((r) => [
            ROLE_TITLES[r.role],
            r.label,
            r.count,
            r.share === null ? '' : `${r.share}%`,
          ]),
        }
      }
      rowLinks={rows?.map((r) => list.href(stageDrill(r.stage, r.role)))}
    >
      <div className={funnel && funnel.roles.length > 1 ? 'grid gap-6 md:grid-cols-2' : 'grid'}>
        {funnel?.roles.map(({ role, stages }) => {
          const shown = visibleStages(funnel, stages);
          const buckets: Bucket[] = shown.map((s) => ({
            label: s.share === null ? s.label : `${s.label} (${s.share}%)`,
            count: s.count,
            key: stageDrill(s.stage, role) ? s.stage : null,
          }));
          return (
            <div key={role} className="min-w-0">
              <h4 className="mb-1 text-sm font-semibold text-slate-800">{ROLE_TITLES[role]}</h4>
              <BucketBars
                buckets={buckets}
                onSelect={(b) => list.open(stageDrill(b.key as FunnelStage, role))}
              />
            </div>
          );
        })}
      </div>
    </ChartCard>
  );
}
