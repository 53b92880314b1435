import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { meQueryKey } from '@/api/get-me';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCardLayout } from './auth-card-layout';

export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verification = useVerifyEmail(token);
  const queryClient = useQueryClient();

  // The dashboard's banner depends on emailVerified: refresh the signed-in user once verified.
  useEffect(() => {
    if (verification.isSuccess) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [verification.isSuccess, queryClient]);

  const dashboardLink = (
    <Button asChild>
      <Link to={paths.dashboard}>Go to Dashboard</Link>
    </Button>
  );

  if (!token) {
    return (
      <AuthCardLayout title="Verify your email">
        <div className="flex flex-col gap-6">
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">
              This verification link is incomplete. Please use the link from your email, or send a new one
              from your dashboard.
            </AlertDescription>
          </Alert>
          {dashboardLink}
        </div>
      </AuthCardLayout>
    );
  }

  if (verification.isPending) return <LoadingScreen label="Verifying your email..." />;

  return (
    <AuthCardLayout title="Verify your email">
      <div className="flex flex-col gap-6">
        {verification.isSuccess ? (
          <Alert tone="success" role="status">
            <CircleCheck aria-hidden="true" />
            <AlertDescription className="mt-0">Your email is verified.</AlertDescription>
          </Alert>
        ) : (
          <Alert tone="error" role="alert">
            <AlertDescription className="mt-0">
              {errorMessage(verification.error, 'This verification link is not valid.')}
            </AlertDescription>
          </Alert>
        )}
        {dashboardLink}
      </div>
    </AuthCardLayout>
  );
}
