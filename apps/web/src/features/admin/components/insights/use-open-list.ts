import { useNavigate } from 'react-router';
import type { InsightsParams } from '../../api/insights';
import { applicationsSearch, type Drill } from '../../lib/insights-params';

/** The Applications list a bar opens, as a link (tables) and as a navigation (chart clicks). */
export function useOpenList(params: InsightsParams) {
  const navigate = useNavigate();
  const href = (drill: Drill) => (drill ? applicationsSearch(drill, params) : null);
  const open = (drill: Drill) => {
    const search = href(drill);
    if (search) void navigate({ search });
  };
  return { href, open };
}
