import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/api/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { useDraft } from '@/api/get-draft';
import { useMyApplication } from '@/api/get-my-application';
import { usePublicSettings } from '@/api/get-public-settings';
import { MentorApplicationForm } from './mentor-application-form';

/** /mentor-apply: settings, any earlier submission and the saved draft first, then the form. */
export function MentorApplyPage() {
  usePageTitle('Mentor Application');
  const { data: user } = useUser();
  const settings = usePublicSettings();
  const application = useMyApplication();
  const draft = useDraft();

  useEffect(() => {
    if (settings.isError) {
      // Mentors apply on a rolling basis, so the form still opens without the settings.
      toast.error('Error', {
        id: 'mentor-settings-error',
        description: 'Could not load application settings. Please try again later.',
      });
    }
  }, [settings.isError]);

  if (!user || settings.isPending || application.isPending || draft.isPending) {
    return <LoadingScreen label="Loading application form..." />;
  }
  // One application per person: a submitted one is shown, not filled in again.
  if (application.data) return <Navigate to={paths.viewApplication} replace />;

  if (application.isError || draft.isError) {
    return (
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mentor Application</h1>
        <Alert tone="error" role="alert">
          <CircleAlert aria-hidden="true" />
          <div className="flex flex-col gap-3">
            <div>
              <AlertTitle>Error</AlertTitle>
              <AlertDescription>Could not load application data.</AlertDescription>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  void application.refetch();
                  void draft.refetch();
                }}
              >
                <RefreshCw aria-hidden="true" />
                Try Again
              </Button>
              <Button asChild size="sm" variant="ghost">
                <Link to={paths.dashboard}>Back to Dashboard</Link>
              </Button>
            </div>
          </div>
        </Alert>
      </main>
    );
  }

  // A hacker's draft (same account can't be both, but be safe) is not restored into the mentor form.
  const saved = draft.data?.role === 'mentor' ? draft.data : null;
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <MentorApplicationForm
        email={user.email}
        emailVerified={user.emailVerified}
        draftAnswers={saved?.answers ?? null}
        draftResume={saved?.resume ?? null}
        customQuestions={saved?.custom_questions ?? settings.data?.custom_questions?.mentor}
      />
    </main>
  );
}
