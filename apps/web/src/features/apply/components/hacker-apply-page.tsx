import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { useDraft } from '@/api/get-draft';
import { useMyApplication } from '@/api/get-my-application';
import { usePublicSettings } from '@/api/get-public-settings';
import type { PublicSettings } from '@lanyard/shared/settings';
import { ApplicationsClosed } from './applications-closed';
import { HackerApplicationForm } from './hacker-application-form';
import { HackerSubmissionSuccess } from './submission-success-page';

const LOADING_LABEL = 'Loading application form...';
export const SETTINGS_ERROR_MESSAGE = 'Could not load application settings. Please try again later.';

/**
 * /hacker-apply (hackers only): settings first, then one of the closed screen, a redirect to the
 * submitted application, the form (with its draft), or, after submitting, the success view.
 */
export function HackerApplyPage() {
  usePageTitle('Hacker Application');
  const settings = usePublicSettings();
  const mine = useMyApplication();
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (settings.isError) toast.error('Error', { description: SETTINGS_ERROR_MESSAGE });
  }, [settings.isError]);
  useEffect(() => {
    if (mine.isError) toast.error('Error', { description: 'Could not load application data.' });
  }, [mine.isError]);

  if (submitted) return <HackerSubmissionSuccess />;
  if (settings.isPending || mine.isPending) return <LoadingScreen label={LOADING_LABEL} />;
  if (settings.isError) {
    return <SettingsUnavailable retrying={settings.isFetching} onRetry={() => void settings.refetch()} />;
  }
  // One application per person: a submitted one is read, not filled in again.
  if (mine.data) return <Navigate to={paths.viewApplication} replace />;
  if (settings.data.status === 'closed' && !settings.data.force_application_open)
    return <ApplicationsClosed />;
  return <FormWithDraft settings={settings.data} onSubmitted={() => setSubmitted(true)} />;
}

function FormWithDraft({ settings, onSubmitted }: { settings: PublicSettings; onSubmitted: () => void }) {
  const draft = useDraft();
  useEffect(() => {
    if (draft.isError) toast.error('Error', { description: 'Could not load application data.' });
  }, [draft.isError]);
  if (draft.isPending) return <LoadingScreen label={LOADING_LABEL} />;
  // A draft that cannot be read must not stop anyone from applying.
  return <HackerApplicationForm settings={settings} draft={draft.data ?? null} onSubmitted={onSubmitted} />;
}

function SettingsUnavailable({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col justify-center px-4 py-10 sm:px-6">
      <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Hacker Application</h1>
        <p className="text-slate-700">{SETTINGS_ERROR_MESSAGE}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button onClick={onRetry} disabled={retrying}>
            Try Again
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.dashboard}>Back to Dashboard</Link>
          </Button>
        </div>
      </Card>
    </main>
  );
}
