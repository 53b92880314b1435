import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '@lanyard/shared/admin';
import { dashboardStats } from './service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = async () => dashboardStats(app.db);
  const opts = { config: { access: 'admin' as const }, schema: { response: { 200: dashboardStatsSchema } } };
  app.get('/dashboard', opts, dashboard);
  app.get('/stats', opts, dashboard);
};
