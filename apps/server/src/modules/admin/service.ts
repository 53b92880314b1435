import { sql } from 'drizzle-orm';
import { AWAITING_DECISION_IN } from '../../db/statuses';
import type { DashboardStats } from '@lanyard/shared/admin';
import type { Db } from '../../db/client';
import { applications, users } from '../../db/schema/index';

export async function dashboardStats(db: Db): Promise<DashboardStats> {
  const [userRow] = await db
    .select({
      total: sql<number>`count(*) filter (where ${users.role} in ('hacker', 'mentor'))::int`,
      staff: sql<number>`count(*) filter (where ${users.role} not in ('hacker', 'mentor'))::int`,
    })
    .from(users);
  const [appRow] = await db
    .select({
      hackers: sql<number>`count(*) filter (where ${applications.role} = 'hacker')::int`,
      mentors: sql<number>`count(*) filter (where ${applications.role} = 'mentor')::int`,
      notGraded: sql<number>`count(*) filter (where ${applications.status} in ${AWAITING_DECISION_IN})::int`,
    })
    .from(applications);
  return {
    total_users: userRow?.total ?? 0,
    hacker_applications: appRow?.hackers ?? 0,
    mentor_applications: appRow?.mentors ?? 0,
    not_graded: appRow?.notGraded ?? 0,
    staff_users: userRow?.staff ?? 0,
  };
}
