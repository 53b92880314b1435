import { APPLICANT_ROLES, APPLICATION_STATUSES } from '@lanyard/shared/constants';
import { LOGISTICS_SCOPES, type LogisticsScope } from '@lanyard/shared/insights';
import type { InsightsParams } from '../api/insights';
import {
  DEFAULT_SORT,
  EMPTY_FILTERS,
  writeApplicationParams,
  type ApplicationFilters,
  type ApplicationRoleFilter,
  type ApplicationStatusFilter,
} from './application-filters';
import { writeAdminTab } from './tabs';

/**
 * The Insights tab's filters in the page URL (keys of their own, `insights_*`, so they never collide
 * with another tab's), and the Applications list a bar opens: the bar's own filter on top of the
 * tab's role and status, so the list shows the people the bar counted.
 */
export const INSIGHTS_URL_KEYS = {
  role: 'insights_role',
  status: 'insights_status',
  scope: 'insights_scope',
} as const;

function pick<T extends string>(values: readonly string[], allowed: readonly T[]): T[] {
  // The options' order, so the same filters always give the same URL and query key.
  return allowed.filter((a) => values.includes(a));
}

export function readInsightsParams(params: URLSearchParams): InsightsParams {
  const K = INSIGHTS_URL_KEYS;
  const scope = params.get(K.scope);
  return {
    role: pick(params.getAll(K.role), APPLICANT_ROLES),
    status: pick(params.getAll(K.status), APPLICATION_STATUSES),
    scope: (LOGISTICS_SCOPES as readonly string[]).includes(scope ?? '')
      ? (scope as LogisticsScope)
      : 'confirmed',
  };
}

/** A copy of `params` with the Insights filters replaced; the default scope leaves its key out. */
export function writeInsightsParams(params: URLSearchParams, next: InsightsParams): URLSearchParams {
  const K = INSIGHTS_URL_KEYS;
  const out = new URLSearchParams(params);
  for (const key of Object.values(K)) out.delete(key);
  for (const v of pick(next.role, APPLICANT_ROLES)) out.append(K.role, v);
  for (const v of pick(next.status, APPLICATION_STATUSES)) out.append(K.status, v);
  if (next.scope !== 'confirmed') out.set(K.scope, next.scope);
  return out;
}

/** What a bar adds to the list's filters; null when the list has no filter for it. */
export type Drill = Partial<ApplicationFilters> | null;

/**
 * The Applications tab filtered to a bar: `?tab=applications&app_…`. The tab's own role and
 * status come along unless the bar sets them itself (a funnel stage names its status).
 */
export function applicationsSearch(drill: Partial<ApplicationFilters>, insights: InsightsParams): string {
  const filters: ApplicationFilters = {
    ...EMPTY_FILTERS,
    role: insights.role as ApplicationRoleFilter[],
    status: insights.status as ApplicationStatusFilter[],
    ...drill,
  };
  const params = writeApplicationParams(new URLSearchParams(), { ...filters, ...DEFAULT_SORT, page: 1 });
  return `?${writeAdminTab(params, 'applications').toString()}`;
}
