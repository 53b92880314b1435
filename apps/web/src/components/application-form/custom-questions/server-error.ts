import { useEffect, useState, type RefObject } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { CustomQuestion } from '@lanyard/shared/questions/custom';
import { isApiError } from '@/lib/api-client';
import { focusFirstInvalid } from '../first-error';
import { customFieldName } from './custom-values';

export interface CustomServerIssue {
  id: string;
  message: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * The custom question a refused submission names, if it can be told: an issue list or a field in
 * the body carrying the question's id, else the message naming its id, else the message starting
 * with its wording (the shared check words every message "<question>: …").
 */
export function customServerIssue(
  err: unknown,
  questions: readonly CustomQuestion[],
): CustomServerIssue | null {
  if (!isApiError(err) || err.status !== 400 || questions.length === 0) return null;
  const ids = new Set(questions.map((q) => q.id));
  const body = (err.body ?? {}) as Record<string, unknown>;
  const issues = Array.isArray(body.issues) ? (body.issues as Record<string, unknown>[]) : [];
  for (const issue of issues) {
    const id = text(issue?.id);
    if (id && ids.has(id)) return { id, message: text(issue.message) ?? err.message };
  }
  for (const key of ['question', 'question_id', 'id', 'field']) {
    const value = text(body[key])?.replace(/^custom\./, '');
    if (value && ids.has(value)) return { id: value, message: err.message };
  }
  const byId = questions.find((q) => err.message.includes(q.id));
  if (byId) return { id: byId.id, message: err.message };
  // The longest wording first: "Team" must not claim a message about "Team name".
  const byLabel = [...questions]
    .sort((a, b) => b.label.length - a.label.length)
    .find((q) => err.message.startsWith(`${q.label}:`));
  return byLabel ? { id: byLabel.id, message: err.message } : null;
}

/**
 * `onRefused` for a form with custom questions: a refusal naming one of them shows on its field,
 * which gets the focus (the flow's own "Submission Error" toast still says it too).
 */
export function useCustomServerErrors<T extends FieldValues>(
  questions: readonly CustomQuestion[],
  setError: UseFormSetError<T>,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest, formRef]);
  return (err: unknown) => {
    const issue = customServerIssue(err, questions);
    if (!issue) return;
    setError(customFieldName(issue.id) as Path<T>, { type: 'server', message: issue.message });
    setFocusRequest((n) => n + 1);
  };
}
