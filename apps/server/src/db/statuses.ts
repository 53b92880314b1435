import { sql } from 'drizzle-orm';
import { AWAITING_DECISION_STATUSES } from '@lanyard/shared/constants';

/**
 * `status in ('pending', 'submitted')` for raw SQL (the review queue, its index, the counts): the
 * statuses are constants, so they are written into the text, where the planner can match the
 * queue's partial index.
 */
export const AWAITING_DECISION_IN = sql.raw(
  `(${AWAITING_DECISION_STATUSES.map((s) => `'${s}'`).join(', ')})`,
);
