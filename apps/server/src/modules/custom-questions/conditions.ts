/**
 * Which conditions a role's questions may have: each names a question of the same role shown before
 * it (a custom yes/no or choice, or a built-in yes/no or choice of the role's catalogue) and a value
 * that question can have. "Before" in the form's order (sections, then positions), so no question
 * can depend on itself through others: the order rules out cycles.
 */
import type { ApplicantRole } from '@lanyard/shared/constants';
import { QUESTION_LIST } from '@lanyard/shared/questions';
import {
  CUSTOM_SECTIONS,
  type CustomQuestionDefinition,
  type CustomQuestionType,
} from '@lanyard/shared/questions/custom';

/** A question of the role as it would stand after the change, in the role's position order. */
export interface Placed {
  id: string;
  definition: Omit<CustomQuestionDefinition, 'role'>;
}

const quoted = (label: string) => `“${label}”`;
const CUSTOM_TARGETS: readonly CustomQuestionType[] = [
  'yes_no',
  'consent',
  'single_choice',
  'multiple_choice',
];

function sectionIndex(role: ApplicantRole, section: string): number {
  const i = (CUSTOM_SECTIONS[role] as readonly string[]).indexOf(section);
  return i === -1 ? Number.MAX_SAFE_INTEGER : i;
}

/** What is wrong with one question's condition, in words for the admin, or null. */
function problemOf(role: ApplicantRole, list: readonly Placed[], index: number): string | null {
  const q = list[index]!;
  const c = q.definition.condition;
  if (!c) return null;
  const name = quoted(q.definition.label);
  const here = sectionIndex(role, q.definition.section);
  const targetIndex = list.findIndex((other) => other.id === c.question);
  if (targetIndex === index) return `${name} cannot depend on its own answer.`;
  if (targetIndex !== -1) {
    const t = list[targetIndex]!.definition;
    const there = sectionIndex(role, t.section);
    if (there > here || (there === here && targetIndex > index))
      return `${name} depends on ${quoted(t.label)}, which comes after it on the form: move it below.`;
    if (!CUSTOM_TARGETS.includes(t.type))
      return `${name} can only depend on a yes/no, consent or choice question; ${quoted(t.label)} is not one.`;
    if (t.type === 'yes_no' || t.type === 'consent') {
      if (typeof c.equals !== 'boolean')
        return `${name}: ${quoted(t.label)} is answered yes or no (true or false).`;
    } else if (typeof c.equals !== 'string' || !t.options.some((o) => o.id === c.equals)) {
      return `${name}: ${quoted(t.label)} has no option ${JSON.stringify(c.equals)}.`;
    }
    return null;
  }
  const builtIn = QUESTION_LIST.find((b) => b.key === c.question && b.validation[role]);
  if (!builtIn)
    return `${name} depends on ${JSON.stringify(c.question)}, which is not a question of the ${role} form.`;
  if (builtIn.type !== 'boolean' && builtIn.type !== 'choice')
    return `${name} can only depend on a yes/no or choice question; ${quoted(builtIn.label)} is not one.`;
  if (sectionIndex(role, builtIn.section) > here)
    return `${name} depends on ${quoted(builtIn.label)}, which comes after it on the form.`;
  if (builtIn.type === 'boolean') {
    if (typeof c.equals !== 'boolean')
      return `${name}: ${quoted(builtIn.label)} is answered yes or no (true or false).`;
  } else if (typeof c.equals !== 'string' || !Object.hasOwn(builtIn.options ?? {}, c.equals)) {
    const values = Object.keys(builtIn.options ?? {});
    return `${name}: ${quoted(builtIn.label)} has no option ${JSON.stringify(c.equals)}${values.length ? ` (it has ${values.join(', ')})` : ''}.`;
  }
  return null;
}

/** The first problem among a role's conditions, or null when every condition holds. */
export function conditionsProblem(role: ApplicantRole, list: readonly Placed[]): string | null {
  for (let i = 0; i < list.length; i++) {
    const problem = problemOf(role, list, i);
    if (problem) return problem;
  }
  return null;
}

/** The questions whose condition names `id`. */
export function dependentsOf(id: string, list: readonly Placed[]): Placed[] {
  return list.filter((q) => q.definition.condition?.question === id);
}
