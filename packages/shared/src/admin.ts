import { z } from 'zod';

export const dashboardStatsSchema = z.object({
  total_users: z.number().int(),
  hacker_applications: z.number().int(),
  mentor_applications: z.number().int(),
  not_graded: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
