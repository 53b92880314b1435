import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '@lanyard/shared/admin';
import { dashboardStats } from './service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = async () => dashboardStats(app.db);
  const opts = { config: { access: 'admin' as const }, schema: { response: { 200: dashboardStatsSchema } } };
  const tags = ['Admin: dashboard'];
  const summary = "Get the admin dashboard's counts: users, applications by role, not yet graded";
  app.get('/dashboard', { ...opts, schema: { ...opts.schema, tags, summary } }, dashboard);
  app.get(
    '/stats',
    { ...opts, schema: { ...opts.schema, tags, summary: `${summary} (same as /dashboard)` } },
    dashboard,
  );
};
