import { z } from 'zod';

export const checkinStatsSchema = z.object({
  total: z.number().int(),
  checked_in: z.number().int(),
  not_checked_in: z.number().int(),
});
export type CheckinStats = z.infer<typeof checkinStatsSchema>;
