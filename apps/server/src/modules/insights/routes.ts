import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkinTimelineSchema,
  customInsightsSchema,
  demographicsSchema,
  funnelSchema,
  insightsQuerySchema,
  logisticsQuerySchema,
  logisticsSchema,
  reviewProgressInsightSchema,
  rsvpTimelineSchema,
  timelineSchema,
  travelSchema,
} from '@lanyard/shared/insights';
import { insightsContext, type InsightsContext } from './common';
import { customInsights } from './custom';
import { checkins, rsvps } from './live';
import { logistics } from './logistics';
import { demographics } from './people';
import { funnel, timeline } from './progress';
import { reviewProgress } from './review';
import { SharedReads } from './shared-reads';
import { travel } from './travel';

const admin = { access: 'admin' as const };

/**
 * The Insights tab (issue 18): one read per panel, admins only. Every panel takes the tab's role
 * filter; those over applications take its status filter too (the funnel, RSVPs and check-ins are
 * stages themselves, so they ignore it).
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => insightsContext({ db: app.db, config: app.config, cache: app.readCache });
  const reads = new SharedReads();
  /** The panel's numbers for these filters, shared with the same read already counting. */
  const shared =
    <Q, T>(panel: string, count: (ctx: InsightsContext, query: Q) => Promise<T>) =>
    (request: { query: Q }) =>
      reads.read(`${panel} ${JSON.stringify(request.query)}`, async () =>
        count(await context(), request.query),
      );
  const query = { config: admin, schema: { querystring: insightsQuerySchema } };

  app.get(
    '/insights/timeline',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get applications over time, for the Insights tab',
        ...query.schema,
        response: { 200: timelineSchema },
      },
    },
    shared('timeline', timeline),
  );
  app.get(
    '/insights/funnel',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get the funnel from applied to checked in',
        ...query.schema,
        response: { 200: funnelSchema },
      },
    },
    shared('funnel', funnel),
  );
  app.get(
    '/insights/demographics',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: "Get applicants' demographics: schools, majors, levels, ages",
        ...query.schema,
        response: { 200: demographicsSchema },
      },
    },
    shared('demographics', demographics),
  );
  app.get(
    '/insights/logistics',
    {
      config: admin,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get logistics numbers: shirt sizes and dietary needs',
        querystring: logisticsQuerySchema,
        response: { 200: logisticsSchema },
      },
    },
    shared('logistics', logistics),
  );
  app.get(
    '/insights/travel',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get where applicants travel from, by city',
        ...query.schema,
        response: { 200: travelSchema },
      },
    },
    shared('travel', travel),
  );
  app.get(
    '/insights/rsvps',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get RSVPs over time',
        ...query.schema,
        response: { 200: rsvpTimelineSchema },
      },
    },
    shared('rsvps', rsvps),
  );
  app.get(
    '/insights/checkins',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get check-ins over time, for the live chart',
        ...query.schema,
        response: { 200: checkinTimelineSchema },
      },
    },
    // Not shared: the live chart asks again on every check-in, and a count begun before one would miss it.
    async (request) => checkins(await context(), request.query),
  );
  app.get(
    '/insights/review',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get review progress: where applications stand, reviews per day',
        ...query.schema,
        response: { 200: reviewProgressInsightSchema },
      },
    },
    shared('review', reviewProgress),
  );
  app.get(
    '/insights/custom',
    {
      ...query,
      schema: {
        tags: ['Admin: insights'],
        summary: 'Get the answers to custom questions, tallied',
        ...query.schema,
        response: { 200: customInsightsSchema },
      },
    },
    shared('custom', customInsights),
  );
};
