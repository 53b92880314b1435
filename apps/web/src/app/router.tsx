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
// Applicant forms and the read-only view load on demand too.
const HackerApplyPage = lazy(() =>
  import('@/features/apply/components/hacker-apply-page').then((m) => ({ default: m.HackerApplyPage })),
);
const SubmissionSuccessPage = lazy(() =>
  import('@/features/apply/components/submission-success-page').then((m) => ({
    default: m.SubmissionSuccessPage,
  })),
);
const MentorApplyPage = lazy(() =>
  import('@/features/mentor-apply/components/mentor-apply-page').then((m) => ({
    default: m.MentorApplyPage,
  })),
);
const MentorSubmissionSuccessPage = lazy(() =>
  import('@/features/mentor-apply/components/mentor-submission-success-page').then((m) => ({
    default: m.MentorSubmissionSuccessPage,
  })),
);
const ViewApplicationPage = lazy(() =>
  import('@/features/application-view/components/view-application-page').then((m) => ({
    default: m.ViewApplicationPage,
  })),
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
            {
              path: paths.hackerApply,
              element: (
                <ProtectedRoute requiredRole="hacker">
                  <HackerApplyPage />
                </ProtectedRoute>
              ),
            },
            {
              path: paths.submissionSuccess,
              element: (
                <ProtectedRoute>
                  <SubmissionSuccessPage />
                </ProtectedRoute>
              ),
            },
            {
              path: paths.mentorApply,
              element: (
                <ProtectedRoute requiredRole="mentor">
                  <MentorApplyPage />
                </ProtectedRoute>
              ),
            },
            {
              path: paths.mentorSubmissionSuccess,
              element: (
                <ProtectedRoute requiredRole="mentor">
                  <MentorSubmissionSuccessPage />
                </ProtectedRoute>
              ),
            },
            {
              path: paths.viewApplication,
              element: (
                <ProtectedRoute>
                  <ViewApplicationPage />
                </ProtectedRoute>
              ),
            },
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
                <AdminRoute allowVolunteer>
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
