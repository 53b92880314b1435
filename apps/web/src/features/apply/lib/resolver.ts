import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { hackerAnswersSchema, type HackerAnswers } from '@lanyard/shared/application';
import { crossFieldErrors, type HackerFormValues } from './form-values';

/**
 * zodResolver(hackerAnswersSchema(startDate)), plus the cross-field rules when other fields
 * fail too (see crossFieldErrors), so every problem shows on the first submit.
 */
export function hackerFormResolver(
  eventStartDate: string,
): Resolver<HackerFormValues, unknown, HackerAnswers> {
  const base = zodResolver(hackerAnswersSchema(eventStartDate));
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as FieldErrors<HackerFormValues>;
    if (Object.keys(errors).length === 0) return result;
    const extra = crossFieldErrors(eventStartDate, values);
    for (const [name, message] of Object.entries(extra)) {
      const key = name as keyof HackerFormValues;
      if (!errors[key]) {
        (errors as Record<string, unknown>)[key] = { type: 'custom', message };
      }
    }
    return result;
  };
}
