import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  checkinTimelineSchema,
  customInsightsSchema,
  demographicsSchema,
  funnelSchema,
  logisticsSchema,
  reviewProgressInsightSchema,
  rsvpTimelineSchema,
  timelineSchema,
  travelSchema,
  type InsightPanel,
  type LogisticsScope,
} from '@lanyard/shared/insights';
import { api } from '@/lib/api-client';

/** Prefix of every Insights query; the live panels are refetched under it. */
export const INSIGHTS_QUERY_KEY = ['admin', 'insights'] as const;

const SCHEMAS = {
  timeline: timelineSchema,
  funnel: funnelSchema,
  demographics: demographicsSchema,
  logistics: logisticsSchema,
  travel: travelSchema,
  rsvps: rsvpTimelineSchema,
  checkins: checkinTimelineSchema,
  review: reviewProgressInsightSchema,
  custom: customInsightsSchema,
} satisfies Record<InsightPanel, z.ZodType>;

export type InsightData<P extends InsightPanel> = z.infer<(typeof SCHEMAS)[P]>;

/** The filters the panels take (each panel reads the ones it understands; docs/api-admin.md). */
export interface InsightsParams {
  role: readonly string[];
  status: readonly string[];
  scope: LogisticsScope;
}

/** Which filters each panel's endpoint reads: a panel is not refetched for a filter it ignores. */
const READS: Record<InsightPanel, readonly (keyof InsightsParams)[]> = {
  timeline: ['role', 'status'],
  funnel: ['role'],
  demographics: ['role', 'status'],
  logistics: ['role', 'scope'],
  travel: ['role', 'status'],
  rsvps: ['role'],
  checkins: ['role'],
  review: ['role', 'status'],
  custom: ['role', 'status'],
};

export function insightsQueryString(panel: InsightPanel, params: InsightsParams): string {
  const query = new URLSearchParams();
  for (const key of READS[panel]) {
    const value = params[key];
    if (Array.isArray(value)) {
      if (value.length) query.set(key, value.join(','));
    } else if (typeof value === 'string') query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/insights/<panel>: one aggregate per panel. */
export const insightQueryOptions = <P extends InsightPanel>(panel: P, params: InsightsParams) => {
  const path = `/api/admin/insights/${panel}${insightsQueryString(panel, params)}`;
  return queryOptions({
    queryKey: [...INSIGHTS_QUERY_KEY, panel, path],
    queryFn: ({ signal }) =>
      api.get(path, { schema: SCHEMAS[panel] as unknown as z.ZodType<InsightData<P>>, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

export function useInsight<P extends InsightPanel>(
  panel: P,
  params: InsightsParams,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({ ...insightQueryOptions(panel, params), ...options });
}
