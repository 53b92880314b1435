import type { z } from 'zod';
import type { ApplicantRole } from '../constants';
import type { QUESTIONS } from './catalogue';
import { QUESTION_LIST } from './catalogue';

type Catalogue = typeof QUESTIONS;
type AskedOf<R extends ApplicantRole> = {
  [K in keyof Catalogue as Catalogue[K]['validation'] extends Record<R, z.ZodType> ? K : never]: Catalogue[K];
};

/** The zod shape of a role's answers, typed key by key from the catalogue. */
export type AnswersShape<R extends ApplicantRole> = {
  [K in keyof AskedOf<R>]: AskedOf<R>[K] extends { validation: Record<R, infer S> } ? S : never;
};

/** The keys a role answers, in the catalogue's order. */
export function answerKeys(role: ApplicantRole): string[] {
  return QUESTION_LIST.filter((q) => q.validation[role]).map((q) => q.key);
}

/** The validation of every answer of `role`, in the catalogue's order. */
export function answersShape<R extends ApplicantRole>(role: R): AnswersShape<R> {
  const shape: Record<string, z.ZodType> = {};
  for (const q of QUESTION_LIST) {
    const schema = q.validation[role];
    if (schema) shape[q.key] = schema;
  }
  return shape as AnswersShape<R>;
}
