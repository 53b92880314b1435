/**
 * An application's answers as the admin reads them. The question catalogue declares how each
 * question reads (labels, order, essays first); this is the admin screens' one way in.
 */
import {
  adminAnswerSections,
  NOT_PROVIDED,
  QUESTION_LIST,
  VIEW_SECTIONS,
  type AdminAnswerSections,
  type AnswerItem,
  type SectionId,
} from '@lanyard/shared/questions';
import type { ApplicantRole } from '@lanyard/shared/constants';
import type { CustomAnswerView } from '@lanyard/shared/questions/custom';

export {
  formatAnswer,
  humanizeKey,
  NOT_PROVIDED,
  type AdminAnswerSections as AnswerSections,
  type AnswerItem,
} from '@lanyard/shared/questions';

const ORDER = Object.keys(VIEW_SECTIONS) as SectionId[];
/** The section of a built-in row, by the key it is shown under (a question's own, or its row's). */
const ROW_SECTION = new Map<string, SectionId>(
  QUESTION_LIST.flatMap((q) => [
    [q.key, q.section] as const,
    ...(q.rowKey ? [[q.rowKey, q.section] as const] : []),
  ]),
);

/**
 * The answers as the admin reads them, the custom questions' answers (issue 19) included: each
 * after the built-in rows of its section (those of the essays after the essays), as plain text; one
 * whose section has no built-in row goes where that section would be. `answers.custom`, if the
 * record keeps the raw custom answers there, is read from `custom` in words instead.
 */
export function answerSections(
  role: ApplicantRole,
  answers: Record<string, unknown>,
  custom?: readonly CustomAnswerView[],
): AdminAnswerSections {
  const { custom: raw, ...rest } = answers;
  const builtIn = raw && typeof raw === 'object' && !Array.isArray(raw) ? rest : answers;
  const sections = adminAnswerSections(role, builtIn);
  if (!custom?.length) return sections;

  const item = (c: CustomAnswerView): AnswerItem => ({
    key: `custom:${c.id}`,
    label: c.label,
    value: c.text.trim() === '' ? NOT_PROVIDED : c.text,
  });
  const essays = [...sections.essays, ...custom.filter((c) => c.section === 'essays').map(item)];
  const fields = [...sections.fields];
  const rowSections = fields.map((f) => ROW_SECTION.get(f.key));
  for (const c of custom) {
    if (c.section === 'essays') continue;
    const rank = ORDER.indexOf(c.section);
    let at = rowSections.lastIndexOf(c.section) + 1;
    if (at === 0) {
      // Before the first row of a later section, or of no section (answers the catalogue lacks, last).
      at = rowSections.findIndex((s) => s === undefined || ORDER.indexOf(s) > rank);
      if (at === -1) at = fields.length;
    }
    fields.splice(at, 0, item(c));
    rowSections.splice(at, 0, c.section);
  }
  return { essays, fields };
}
