import { useState } from 'react';
import type { AdmissionsRole } from '@lanyard/shared/capacity';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { calculatorText, parseOffers, suggestionText } from '../../lib/admissions';

/**
 * "If we send N more offers, we expect about M more attendees": worked out on the page with the
 * shares the projection uses, so trying numbers asks nothing of the server.
 */
export function AdmissionsCalculator({ role }: { role: AdmissionsRole }) {
  const [typed, setTyped] = useState('');
  const { offers, error } = parseOffers(typed);
  const suggestion = suggestionText(role);
  const id = `admissions-${role.role}-offers`;

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
      <FormField id={id} label="More offers to send" error={error ?? undefined}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="sm:max-w-40"
          />
        )}
      </FormField>
      <p aria-live="polite" data-testid={`${id}-result`} className="text-sm text-slate-800">
        {offers !== null
          ? calculatorText(offers, role)
          : error
            ? null
            : 'Type a number of offers to see how many more attendees to expect.'}
      </p>
      {suggestion ? (
        <p data-testid={`admissions-${role.role}-suggestion`} className="text-sm font-medium text-slate-900">
          {suggestion}
        </p>
      ) : null}
    </div>
  );
}
