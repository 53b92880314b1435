import { useMemo } from 'react';
import { useCustomQuestions } from '../../api/questions';

export interface CustomFilterGroup {
  id: string;
  label: string;
  options: { value: string; label: string }[];
}

/**
 * The custom yes/no and choice questions the Applications list can filter on (hidden ones too:
 * their answers are kept), each answer as `<question id>:<answer>`, and the chip words for each.
 */
export function useCustomFilters(): { groups: CustomFilterGroup[]; labels: ReadonlyMap<string, string> } {
  const { data } = useCustomQuestions();
  return useMemo(() => {
    const groups: CustomFilterGroup[] = [];
    for (const q of data?.questions ?? []) {
      const role = q.role === 'hacker' ? 'Hacker' : 'Mentor';
      const label = `${q.label} (${role})`;
      if (q.type === 'yes_no') {
        groups.push({
          id: q.id,
          label,
          options: [
            { value: `${q.id}:true`, label: 'Yes' },
            { value: `${q.id}:false`, label: 'No' },
          ],
        });
      } else if (q.type === 'single_choice' || q.type === 'multiple_choice') {
        groups.push({
          id: q.id,
          label,
          options: q.options.map((o) => ({ value: `${q.id}:${o.id}`, label: o.label })),
        });
      }
    }
    const labels = new Map<string, string>();
    for (const g of groups) for (const o of g.options) labels.set(o.value, `${g.label}: ${o.label}`);
    return { groups, labels };
  }, [data]);
}
