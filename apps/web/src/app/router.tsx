import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { AdminLoginPage } from '@/features/auth/components/admin-login-page';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { LandingPage } from '@/features/auth/components/landing-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { AdminRoute, ProtectedRoute } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { NotFoundPage } from './routes/not-found';

// Separate chunks: applicants never download admin or check-in code.
const AdminPage = lazy(() =>
  import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);
const CheckinPage = lazy(() =>
  import('@/features/checkin/components/checkin-page').then((m) => ({ default: m.CheckinPage })),
);

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: paths.home, element: <LandingPage /> },
            {
              path: paths.dashboard,
              element: (
                <ProtectedRoute>
                  <DashboardPage />
                </ProtectedRoute>
              ),
            },
            // Later issue: /hacker-apply and /mentor-apply use <ProtectedRoute requiredRole="hacker|mentor">.
            { path: paths.adminLogin, element: <AdminLoginPage /> },
            {
              path: paths.admin,
              element: (
                <AdminRoute>
                  <AdminPage />
                </AdminRoute>
              ),
            },
            {
              path: paths.checkin,
              element: (
                <AdminRoute>
                  <CheckinPage />
                </AdminRoute>
              ),
            },
            { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
            { path: paths.resetPassword, element: <ResetPasswordPage /> },
            { path: paths.verifyEmail, element: <VerifyEmailPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export function AppRouter({ router }: { router: ReturnType<typeof createRouter> }) {
  return <RouterProvider router={router} />;
}
