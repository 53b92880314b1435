import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkinRecords } from '../../db/schema/index';

const statsSchema = z.object({
  total: z.number().int(),
  checked_in: z.number().int(),
  not_checked_in: z.number().int(),
});

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stats', { config: { access: 'admin' }, schema: { response: { 200: statsSchema } } }, async () => {
    const [row] = await app.db
      .select({
        total: sql<number>`count(*)::int`,
        checkedIn: sql<number>`count(*) filter (where ${checkinRecords.checkedIn})::int`,
      })
      .from(checkinRecords);
    const total = row?.total ?? 0;
    const checkedIn = row?.checkedIn ?? 0;
    return { total, checked_in: checkedIn, not_checked_in: total - checkedIn };
  });
};
