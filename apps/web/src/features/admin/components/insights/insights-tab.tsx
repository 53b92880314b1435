import { lazy, Suspense } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';

// The charts, the maps and their libraries are a chunk of their own, loaded when the tab opens:
// the rest of the admin portal does not wait for them, and applicant pages never see them.
const InsightsPanels = lazy(() => import('./insights-panels'));

export function InsightsTab() {
  return (
    <Suspense fallback={<LoadingScreen label="Loading insights..." />}>
      <InsightsPanels />
    </Suspense>
  );
}
