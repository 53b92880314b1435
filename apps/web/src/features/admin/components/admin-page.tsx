import { useEffect } from 'react';
import { Link } from 'react-router';
import { ClipboardCheck, ClipboardList, GraduationCap, Hourglass, ListChecks, Users } from 'lucide-react';
import { toast } from 'sonner';
import { SignOutButton } from '@/components/sign-out-button';
import { StatCard } from '@/components/stat-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { registeredUsersNote } from '../lib/labels';
import { ApplicationSelectionProvider } from '../lib/selection';
import { ADMIN_TABS, readAdminTab, writeAdminTab, type AdminTab } from '../lib/tabs';
import { AnnouncementsTab } from './announcements/announcements-tab';
import { ApplicationsTab } from './applications/applications-tab';
import { BulkActionsTab } from './bulk/bulk-actions-tab';
import { EmailsTab } from './emails/emails-tab';
import { InsightsTab } from './insights/insights-tab';
import { ReviewersTab } from './reviewers/reviewers-tab';
import { RsvpTab } from './rsvp/rsvp-tab';
import { SettingsTab } from './settings/settings-tab';
import { UsersTab } from './users/users-tab';
import { useSearchParamsLatest } from '@/lib/use-search-params-latest';

const LOAD_ERROR = 'Failed to load dashboard data';

const TAB_LABELS: Record<AdminTab, string> = {
  users: 'Users',
  applications: 'Applications',
  reviewers: 'Reviewers',
  rsvp: 'RSVP',
  'bulk-actions': 'Bulk Actions',
  settings: 'Settings',
  emails: 'E-mails',
  announcements: 'Announcements',
  insights: 'Insights',
};

export function AdminPage() {
  usePageTitle('Admin Portal');
  const stats = useDashboardStats();
  const [searchParams, setSearchParams] = useSearchParamsLatest();
  const tab = readAdminTab(searchParams);

  useEffect(() => {
    if (stats.isError) toast.error('Error', { description: LOAD_ERROR });
  }, [stats.isError]);

  const changeTab = (value: string) => {
    // A new history entry per tab, so Back returns to the previous tab; the other params stay.
    setSearchParams((prev) => writeAdminTab(prev, value));
  };

  return (
    <ApplicationSelectionProvider>
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Portal</h1>
          <div className="flex flex-wrap gap-3">
            <Button asChild variant="secondary">
              <Link to={paths.review}>
                <ListChecks aria-hidden="true" />
                Review Applications
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.checkin}>
                <ClipboardCheck aria-hidden="true" />
                Check-In Portal
              </Link>
            </Button>
            <SignOutButton to={paths.adminLogin} />
          </div>
        </header>

        {stats.isError ? (
          <Alert tone="error" role="alert" className="items-center">
            <AlertDescription className="mt-0 flex-1">{LOAD_ERROR}</AlertDescription>
            <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}

        <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            label="Registered Users"
            value={stats.data?.total_users}
            icon={Users}
            loading={stats.isPending}
            note={stats.data ? registeredUsersNote(stats.data) : undefined}
          />
          <StatCard
            label="Hacker Applications"
            value={stats.data?.hacker_applications}
            icon={ClipboardList}
            loading={stats.isPending}
          />
          <StatCard
            label="Mentor Applications"
            value={stats.data?.mentor_applications}
            icon={GraduationCap}
            loading={stats.isPending}
          />
          <StatCard
            label="Pending Review"
            value={stats.data?.not_graded}
            icon={Hourglass}
            loading={stats.isPending}
          />
        </section>

        <Tabs value={tab} onValueChange={changeTab} className="flex flex-col gap-6">
          <TabsList
            aria-label="Admin sections"
            className="auto-cols-[minmax(max-content,1fr)] overflow-x-auto"
          >
            {ADMIN_TABS.map((value) => (
              <TabsTrigger key={value} value={value} className="whitespace-nowrap">
                {TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="users">
            <UsersTab />
          </TabsContent>
          <TabsContent value="applications">
            <ApplicationsTab />
          </TabsContent>
          <TabsContent value="reviewers">
            <ReviewersTab />
          </TabsContent>
          <TabsContent value="rsvp">
            <RsvpTab />
          </TabsContent>
          <TabsContent value="bulk-actions">
            <BulkActionsTab />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab />
          </TabsContent>
          <TabsContent value="emails">
            <EmailsTab />
          </TabsContent>
          <TabsContent value="announcements">
            <AnnouncementsTab />
          </TabsContent>
          <TabsContent value="insights">
            <InsightsTab />
          </TabsContent>
        </Tabs>
      </main>
    </ApplicationSelectionProvider>
  );
}
