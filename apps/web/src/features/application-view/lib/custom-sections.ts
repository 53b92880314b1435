import { NOT_PROVIDED, VIEW_SECTIONS, type SectionId, type ViewSection } from '@lanyard/shared/questions';
import type { CustomAnswerView } from '@lanyard/shared/questions/custom';

const ORDER = Object.keys(VIEW_SECTIONS) as SectionId[];

/**
 * The applicant's view with their custom answers (issue 19): each after the built-in answers of its
 * section, in the order given, as plain text; a section that has only custom answers appears too,
 * in its place among the others.
 */
export function withCustomSections(
  sections: readonly ViewSection[],
  custom: readonly CustomAnswerView[] | undefined,
): ViewSection[] {
  if (!custom?.length) return [...sections];
  const byId = new Map(sections.map((s) => [s.id, { ...s, items: [...s.items] }]));
  for (const answer of custom) {
    let section = byId.get(answer.section);
    if (!section) {
      section = {
        id: answer.section,
        title: VIEW_SECTIONS[answer.section],
        essays: answer.section === 'essays',
        items: [],
      };
      byId.set(answer.section, section);
    }
    section.items.push({
      key: `custom:${answer.id}`,
      label: answer.label,
      value: answer.text.trim() === '' ? NOT_PROVIDED : answer.text,
      type: 'text',
    });
  }
  return [...byId.values()].sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));
}
