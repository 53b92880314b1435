import { RefreshCw } from 'lucide-react';
import { roleLabel } from '@lanyard/shared/constants';
import { SignOutButton } from '@/components/sign-out-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { ApplicationTimeline } from './application-timeline';
import { QuickActions } from './quick-actions';
import { VerifyEmailBanner } from './verify-email-banner';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const event = useEventConfig();
  const { data: user, refetch, isFetching } = useUser();
  // The route guard only renders this page for a signed-in user.
  if (!user) return <LoadingScreen />;

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome to {eventTitle(event)}</h1>
          <p className="flex flex-wrap items-center gap-2 text-slate-700">
            <span className="break-all" data-testid="user-email">
              {user.email}
            </span>
            <Badge tone="brand" data-testid="user-role">
              {roleLabel(user.role)}
            </Badge>
          </p>
        </div>
        <div className="flex gap-3">
          <Button
            variant="secondary"
            onClick={() => void refetch()}
            disabled={isFetching}
            aria-busy={isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={cn(isFetching && 'animate-spin motion-reduce:animate-none')}
            />
            Refresh
          </Button>
          <SignOutButton to={paths.home} />
        </div>
      </header>

      {!user.emailVerified ? <VerifyEmailBanner email={user.email} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <ApplicationTimeline role={user.role} status={user.applicationStatus} event={event} />
        <QuickActions role={user.role} event={event} />
      </div>
    </main>
  );
}
