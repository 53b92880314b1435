import type { ApplicantRole } from '../constants';
import { formatBirthDate } from '../dates';
import { QUESTION_LIST, QUESTIONS, type Question, type QuestionKey } from './catalogue';
import { VIEW_SECTIONS, type QuestionDef, type SectionId, type Wording } from './types';

export const NOT_PROVIDED = 'Not provided';

type Answers = Record<string, unknown>;

export interface AnswerItem {
  key: string;
  label: string;
  value: string;
  /** An http(s) link to show as a link. */
  href?: string;
  /** A list answer's entries, to show one by one. */
  items?: string[];
}

/** Any value as plain text: Yes/No, lists joined, blanks "Not provided". */
export function formatAnswer(value: unknown): string {
  if (value === null || value === undefined) return NOT_PROVIDED;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : NOT_PROVIDED;
  if (typeof value === 'string') return value.trim() === '' ? NOT_PROVIDED : value;
  if (Array.isArray(value)) {
    const items = value.map(formatAnswer).filter((v) => v !== NOT_PROVIDED);
    return items.length ? items.join(', ') : NOT_PROVIDED;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return NOT_PROVIDED;
  }
}

/** `householdObjectQuestion` -> "Household object question". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function wording(w: Wording, eventName: string): string {
  return typeof w === 'function' ? w(eventName) : w;
}

/** How the form asks the question. */
export function questionPrompt(key: QuestionKey, eventName = ''): string {
  const q: QuestionDef = QUESTIONS[key];
  return wording(q.prompt ?? q.label, eventName);
}

/** The key the answer is stored under: its own, or an older name it still goes by. */
export function storedKey(q: Question, answers: Answers): string {
  if (q.key in answers || !q.legacyKey) return q.key;
  return Object.keys(answers).find((k) => q.legacyKey!.test(k)) ?? q.key;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function listOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    : [];
}

/** Only http(s) links become links; anything else is shown as text. */
export function safeHref(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : undefined;
}

/** One question's answer as it reads on screen. */
export function answerItem(q: Question, answers: Answers, label: string): AnswerItem {
  const stored = storedKey(q, answers);
  const key = q.rowKey ?? stored;
  const raw = answers[stored];
  switch (q.type) {
    case 'birth-part':
      return {
        key,
        label,
        value: formatBirthDate(num(answers.birthMonth), num(answers.birthDay), num(answers.birthYear)),
      };
    case 'boolean':
    case 'consent':
      return { key, label, value: raw === true ? 'Yes' : 'No' };
    case 'choice': {
      const options: Readonly<Record<string, string>> = q.options ?? {};
      const other = q.other ? answers[q.other.key] : undefined;
      if (q.other && raw === q.other.value && typeof other === 'string' && other.trim()) {
        return { key, label, value: `Other: ${other}` };
      }
      const known = typeof raw === 'string' && Object.hasOwn(options, raw);
      return { key, label, value: known ? options[raw]! : formatAnswer(raw) };
    }
    case 'list': {
      const items = listOf(raw);
      return { key, label, value: items.length ? items.join(', ') : NOT_PROVIDED, items };
    }
    case 'url': {
      const href = safeHref(raw);
      return { key, label, value: formatAnswer(raw), ...(href ? { href } : {}) };
    }
    default:
      return { key, label, value: formatAnswer(raw) };
  }
}

const asked = (q: Question, role: ApplicantRole) =>
  Boolean(q.validation[role]) || (q.roles?.includes(role) ?? false);

/** Keys never shown as answers: the e-mail and resume are shown from the record itself. */
const NEVER_SHOWN = ['email', 'resume', 'resume_url', 'access_code'];

export interface AdminAnswerSections {
  essays: AnswerItem[];
  fields: AnswerItem[];
}

/**
 * An application's answers as the admin reads them: the essays first (what reviewers read), then
 * every other answer in the catalogue's order, then anything else the record holds under a label
 * made from its key.
 */
export function adminAnswerSections(role: ApplicantRole, answers: Answers): AdminAnswerSections {
  const used = new Set<string>(NEVER_SHOWN);
  const questions = QUESTION_LIST.filter((q) => asked(q, role) && q.admin !== false);
  const essayOrder = (q: Question) => (q.admin ? (q.admin.essay ?? 0) : 0);

  const essays = questions
    .filter((q) => essayOrder(q) > 0)
    .sort((a, b) => essayOrder(a) - essayOrder(b))
    .map((q) => {
      used.add(storedKey(q, answers));
      return answerItem(q, answers, adminLabel(q));
    });

  const fields: AnswerItem[] = [];
  for (const q of questions) {
    if (essayOrder(q) > 0) continue;
    if (q.partOf) {
      used.add(q.key);
      continue;
    }
    // A row standing for several answers (the date of birth) shows when any of them is there.
    const parts = q.rowKey ? QUESTION_LIST.filter((p) => p.partOf === q.key) : [];
    const present = q.key in answers || parts.some((p) => p.key in answers);
    if (!present) continue;
    used.add(q.key);
    fields.push(answerItem(q, answers, adminLabel(q)));
  }

  for (const key of Object.keys(answers)) {
    if (used.has(key)) continue;
    fields.push({ key, label: humanizeKey(key), value: formatAnswer(answers[key]) });
  }
  return { essays, fields };
}

function adminLabel(q: Question): string {
  return (q.admin && q.admin.label) || q.label;
}

export interface ViewSection {
  id: SectionId;
  title: string;
  /** Essays read as question and answer; other sections as label/value pairs. */
  essays: boolean;
  items: (AnswerItem & { type: Question['type'] })[];
}

/** The applicant's own answers, read-only: the view's sections in order, every question of the role. */
export function viewSections(
  role: ApplicantRole,
  answers: Answers,
  { eventName, email }: { eventName: string; email: string },
): ViewSection[] {
  const questions = QUESTION_LIST.filter(
    (q) => asked(q, role) && q.view !== false && !q.partOf && (!q.view?.when || q.view.when(answers)),
  );
  return (Object.keys(VIEW_SECTIONS) as SectionId[]).flatMap((id) => {
    const items = questions
      .filter((q) => q.section === id)
      .map((q) => {
        const label = wording((q.view && q.view.label) || q.label, eventName);
        const item =
          q.type === 'account-email' ? { key: q.key, label, value: email } : answerItem(q, answers, label);
        return { ...item, type: q.type };
      });
    return items.length ? [{ id, title: VIEW_SECTIONS[id], essays: id === 'essays', items }] : [];
  });
}
