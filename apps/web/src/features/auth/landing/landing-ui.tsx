import type { InputHTMLAttributes, Ref } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { PublicUser } from '@lanyard/shared/auth';

// What the shared Card, FormField, Input, Button and Spinner components render, copied as plain
// classes because the landing chunk may not load tailwind-merge or Radix
// (docs/decisions/005-light-landing.md): a restyle of those components must be repeated here.

export const CARD_HEADER = 'flex flex-col gap-1.5 p-6 pb-4';
export const CARD_HEADER_TOP = `${CARD_HEADER} pt-0`;
export const CARD_TITLE = 'text-lg leading-tight font-semibold text-slate-900';
export const CARD_DESCRIPTION = 'text-sm text-slate-600';
export const CARD_CONTENT = 'px-6 pb-6';
const INPUT_CLASS =
  'block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-ink disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-600 sm:text-sm';
export const SUBMIT_CLASS =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-ink disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 bg-brand text-brand-foreground shadow-sm hover:bg-brand/90 h-12 px-6 text-base w-full';

export interface AuthFormProps {
  onSignedIn: (user: PublicUser) => void;
  busy: boolean;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and error, wired for screen readers; every landing field is required. */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium text-slate-800 select-none">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required="true"
        className={INPUT_CLASS}
      />
      {hintId ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Spinner() {
  return <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />;
}
