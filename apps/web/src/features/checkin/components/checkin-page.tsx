import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, UserCheck, Users, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { SignOutButton } from '@/components/sign-out-button';
import { StatCard } from '@/components/stat-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/use-page-title';
import { useCheckinStats } from '../api/get-checkin-stats';

const LOAD_ERROR = 'Failed to load check-in stats';

export function CheckinPage() {
  usePageTitle('Check-In Portal');
  const stats = useCheckinStats();

  useEffect(() => {
    if (stats.isError) toast.error('Error', { description: LOAD_ERROR });
  }, [stats.isError]);

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Check-In Portal</h1>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="secondary" size="lg">
            <Link to={paths.admin}>
              <ArrowLeft aria-hidden="true" />
              Admin Portal
            </Link>
          </Button>
          <SignOutButton to={paths.adminLogin} size="lg" />
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

      <section aria-label="Check-in statistics" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Hackers" value={stats.data?.total} icon={Users} loading={stats.isPending} />
        <StatCard
          label="Checked In"
          value={stats.data?.checked_in}
          icon={UserCheck}
          loading={stats.isPending}
        />
        <StatCard
          label="Not Checked In"
          value={stats.data?.not_checked_in}
          icon={UserX}
          loading={stats.isPending}
        />
      </section>
    </main>
  );
}
