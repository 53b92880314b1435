import { AdmissionsCard } from './admissions-card';
import { BulkDeleteCard } from './bulk-delete-card';
import { BulkStatusCard } from './bulk-status-card';
import { DecideByScoreCard } from './decide-by-score-card';
import { DecisionManagementCard } from './decision-management-card';

export function BulkActionsTab() {
  return (
    <section aria-labelledby="bulk-tab-title" className="flex flex-col gap-6">
      <h2 id="bulk-tab-title" className="text-xl font-semibold text-slate-900">
        Bulk Actions
      </h2>
      <AdmissionsCard />
      <DecisionManagementCard />
      <DecideByScoreCard />
      <BulkStatusCard />
      <BulkDeleteCard />
    </section>
  );
}
