import { useEffect, useRef, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { DASHBOARD_POLL_MS, roleLabel } from '@lanyard/shared/constants';
import { SignOutButton } from '@/components/sign-out-button';
import { VerifyEmailBanner } from '@/components/verify-email-banner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { eventTitle, useEventConfig } from '@/config/event-config';
import { paths } from '@/config/paths';
import { useUser } from '@/api/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { useMyApplication } from '@/api/get-my-application';
import { usePublicSettings } from '@/api/get-public-settings';
import {
  applicationStatusView,
  decisionsReleasedFor,
  shouldPollApplication,
} from '../lib/application-status';
import { shouldShowRsvpCard } from '../lib/rsvp-card';
import { ApplicationStatusCard } from './application-status-card';
import { ApplicationTimeline } from './application-timeline';
import { CelebrateOnce } from './celebrate-once';
import { CheckinQrCard, shouldShowCheckinQr } from './checkin-qr-card';
import { QuickActions } from './quick-actions';
import { RsvpCard } from './rsvp-card';
import { PrivacyCard } from './privacy-card';
import { useWaitlistPosition } from '../api/get-waitlist-position';
import { waitlistPositionText } from '@lanyard/shared/capacity';

export const SETTINGS_ERROR_MESSAGE = 'Could not load application settings.';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const event = useEventConfig();
  const { data: user, refetch: refetchUser } = useUser();
  const application = useMyApplication({
    // Polls every 30 s once the application has been sent, so a released decision shows up.
    refetchInterval: (app) =>
      shouldPollApplication(app?.status ?? user?.applicationStatus ?? '') ? DASHBOARD_POLL_MS : false,
  });
  const settings = usePublicSettings();
  const [refreshing, setRefreshing] = useState(false);
  // The page still shows the status without them (decisions count as not released), but says so.
  useEffect(() => {
    if (settings.isError) {
      toast.error('Error', { id: 'dashboard-settings-error', description: SETTINGS_ERROR_MESSAGE });
    }
  }, [settings.isError]);
  const statusTitleRef = useRef<HTMLHeadingElement>(null);
  // The applicant's API shows "waitlisted" only once that decision is released.
  const waitlistPosition = useWaitlistPosition(application.data?.status === 'waitlisted');
  // The route guard only renders this page for a signed-in user.
  if (!user) return <LoadingScreen />;

  // The application carries the live status (and is polled); before the first submit the user's own status
  // (not_started or in_progress, from the draft) is all there is.
  const status = application.data?.status ?? user.applicationStatus;
  const released = decisionsReleasedFor({
    role: user.role,
    application: application.data,
    settings: settings.data,
  });
  const name = eventTitle(event);
  const view = application.isPending
    ? undefined
    : applicationStatusView({
        status,
        released,
        applyPath: user.role === 'mentor' ? paths.mentorApply : paths.hackerApply,
        viewPath: paths.viewApplication,
        eventName: name,
        // Offers that expire: the status must not claim an expired offer can still be answered.
        offerExpired: application.data?.offer?.expired ?? false,
      });

  // The header's Refresh asks the server again for everything on the page.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([refetchUser(), application.refetch(), settings.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome to {name}</h1>
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
            onClick={() => void refresh()}
            disabled={refreshing}
            aria-busy={refreshing}
          >
            <RefreshCw
              aria-hidden="true"
              className={cn(refreshing && 'animate-spin motion-reduce:animate-none')}
            />
            Refresh
          </Button>
          <SignOutButton to={paths.home} />
        </div>
      </header>

      {/* Once attendance is confirmed, the code is what the applicant opens this page for at the door:
          it leads, above the banner and the cards, within a phone's first screen. */}
      {shouldShowCheckinQr(application.data, released) ? <CheckinQrCard /> : null}

      {!user.emailVerified ? (
        <VerifyEmailBanner
          email={user.email}
          context={status === 'not_started' || status === 'in_progress' ? 'dashboard' : 'submitted'}
        />
      ) : null}

      {/* Above the status card, once the role's decision is out. */}
      {application.data && shouldShowRsvpCard(status, released) ? (
        <RsvpCard
          application={application.data}
          accountEmail={user.email}
          onRefetchApplication={() => void application.refetch()}
        />
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <ApplicationStatusCard
            view={view}
            stale={application.isError && !application.isFetching}
            titleRef={statusTitleRef}
            note={waitlistPosition ? `${waitlistPositionText(waitlistPosition)}.` : null}
          />
          <ApplicationTimeline role={user.role} status={status} event={event} />
        </div>
        <QuickActions role={user.role} event={event} />
      </div>

      <PrivacyCard />

      <CelebrateOnce
        application={application.data}
        released={released}
        eventName={name}
        returnFocusTo={statusTitleRef}
      />
    </main>
  );
}
