import type { ReactNode } from 'react';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { SaveIndicator } from './save-indicator';
import type { DraftSaveStatus } from './use-draft-autosave';

/**
 * The top of both application forms: the event, the form's title, what it is for, how drafts and
 * required fields work, then any badges (`children`) beside the draft's save status.
 */
export function ApplicationFormHeader({
  title,
  intro,
  saveStatus,
  children,
}: {
  title: string;
  intro: string;
  saveStatus: DraftSaveStatus;
  children?: ReactNode;
}) {
  const event = useEventConfig();
  return (
    <header className="flex flex-col gap-3">
      <p className="text-sm font-semibold tracking-wide text-brand-ink uppercase">{eventTitle(event)}</p>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="text-slate-700">
        {intro} Your answers are saved as a draft while you type, so you can come back later. Fields marked{' '}
        <span className="text-red-700">*</span> are required.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {children}
        <SaveIndicator status={saveStatus} />
      </div>
    </header>
  );
}
