/**
 * Who may see what in the Insights tab (issue 18). Gender and race are personal: the organisers
 * see them only as groups of at least INSIGHTS_MIN_GROUP people, so no bar or slice points at a
 * handful of applicants they could name. Small groups are merged into "Other" rather than dropped,
 * so the total still adds up; a merged "Other" that is itself small takes in the smallest named
 * group until it is large enough, since a small "Other" would tell as much as the groups it holds.
 */
import { INSIGHTS_MIN_GROUP, type Bucket } from '@lanyard/shared/insights';

export const OTHER_LABEL = 'Other';

export interface Group {
  label: string;
  count: number;
}

/**
 * The groups safe to show: each at least `min` people, smaller ones merged into "Other" (a group
 * already labelled "Other" starts it). Named groups keep their order; "Other" comes last. Nothing
 * at all when everyone together is fewer than `min`. Keys are null: a merged group has no filter,
 * and a click on a named one would open a list of the very people it hides.
 */
export function mergeSmallGroups(groups: readonly Group[], min: number = INSIGHTS_MIN_GROUP): Bucket[] {
  let other = 0;
  const named: Group[] = [];
  for (const g of groups) {
    if (g.count <= 0) continue;
    if (g.label === OTHER_LABEL || g.count < min) other += g.count;
    else named.push({ label: g.label, count: g.count });
  }
  while (other > 0 && other < min && named.length > 0) {
    // The smallest; on a tie the later one, so the groups listed first stay apart.
    let smallest = 0;
    for (let i = 1; i < named.length; i += 1) {
      if (named[i]!.count <= named[smallest]!.count) smallest = i;
    }
    other += named.splice(smallest, 1)[0]!.count;
  }
  if (other > 0 && other < min) return [];
  const out: Bucket[] = named.map((g) => ({ label: g.label, count: g.count, key: null }));
  if (other > 0) out.push({ label: OTHER_LABEL, count: other, key: null });
  return out;
}
