import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkinTimelineSchema,
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
import { insightsContext } from './common';
import { checkins, rsvps } from './live';
import { logistics } from './logistics';
import { demographics } from './people';
import { funnel, timeline } from './progress';
import { reviewProgress } from './review';
import { travel } from './travel';

const admin = { access: 'admin' as const };

/**
 * The Insights tab (issue 18): one read per panel, admins only. Every panel takes the tab's role
 * filter; those over applications take its status filter too (the funnel, RSVPs and check-ins are
 * stages themselves, so they ignore it).
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => insightsContext({ db: app.db, config: app.config, cache: app.readCache });
  const query = { config: admin, schema: { querystring: insightsQuerySchema } };

  app.get(
    '/insights/timeline',
    { ...query, schema: { ...query.schema, response: { 200: timelineSchema } } },
    async (request) => timeline(await context(), request.query),
  );
  app.get(
    '/insights/funnel',
    { ...query, schema: { ...query.schema, response: { 200: funnelSchema } } },
    async (request) => funnel(await context(), request.query),
  );
  app.get(
    '/insights/demographics',
    { ...query, schema: { ...query.schema, response: { 200: demographicsSchema } } },
    async (request) => demographics(await context(), request.query),
  );
  app.get(
    '/insights/logistics',
    { config: admin, schema: { querystring: logisticsQuerySchema, response: { 200: logisticsSchema } } },
    async (request) => logistics(await context(), request.query),
  );
  app.get(
    '/insights/travel',
    { ...query, schema: { ...query.schema, response: { 200: travelSchema } } },
    async (request) => travel(await context(), request.query),
  );
  app.get(
    '/insights/rsvps',
    { ...query, schema: { ...query.schema, response: { 200: rsvpTimelineSchema } } },
    async (request) => rsvps(await context(), request.query),
  );
  app.get(
    '/insights/checkins',
    { ...query, schema: { ...query.schema, response: { 200: checkinTimelineSchema } } },
    async (request) => checkins(await context(), request.query),
  );
  app.get(
    '/insights/review',
    { ...query, schema: { ...query.schema, response: { 200: reviewProgressInsightSchema } } },
    async (request) => reviewProgress(await context(), request.query),
  );
};
