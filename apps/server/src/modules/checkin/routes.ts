import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkinStatsSchema } from '@lanyard/shared/checkin';
import { checkinRecords } from '../../db/schema/index';

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { config: { access: 'admin' }, schema: { response: { 200: checkinStatsSchema } } },
    async () => {
      const [row] = await app.db
        .select({
          total: sql<number>`count(*)::int`,
          checkedIn: sql<number>`count(*) filter (where ${checkinRecords.checkedIn})::int`,
        })
        .from(checkinRecords);
      const total = row?.total ?? 0;
      const checkedIn = row?.checkedIn ?? 0;
      return { total, checked_in: checkedIn, not_checked_in: total - checkedIn };
    },
  );
};
