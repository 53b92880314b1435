import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type LoaderFunction, type RouteObject } from 'react-router';
import type { UserRole } from '@lanyard/shared/constants';
import { paths } from '@/config/paths';
import { meQueryOptions } from '@/api/get-me';
import { myApplicationQueryOptions } from '@/api/get-my-application';
import { publicSettingsQueryOptions } from '@/api/get-public-settings';
import { OfflineStaffRoute, ProtectedRoute, StaffRoute } from './guards';
import { pageChunks } from './page-chunks';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

type Guard = { signedIn: true; requiredRole?: 'hacker' | 'mentor' } | undefined;

/**
 * A route whose page is loaded by React Router `lazy`, so each screen is its own chunk and the
 * landing page downloads only what it renders. The route's sign-in and role guard wraps the page after loading.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, guard?: Guard): RouteObject['lazy'] {
  return async () => {
    const Page = pick(await load());
    if (!guard) return { Component: Page };
    const { requiredRole } = guard;
    return {
      Component: function GuardedPage() {
        return (
          <ProtectedRoute {...(requiredRole ? { requiredRole } : {})}>
            <Page />
          </ProtectedRoute>
        );
      },
    };
  };
}

// Admin, check-in and review pages are React.lazy *inside* their guard, not route `lazy`: the router resolves
// a route's `lazy` before any guard renders, which would make every visitor who follows the
// "Admin Portal Access" link (or an applicant typing /admin) download the admin code.
const AdminPage = lazy(() =>
  import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);
const CheckinPage = lazy(() =>
  import('@/features/checkin/components/checkin-page').then((m) => ({ default: m.CheckinPage })),
);
const ScannerPage = lazy(() =>
  import('@/features/checkin/scanner/components/scanner-page').then((m) => ({ default: m.ScannerPage })),
);
const ReviewPage = lazy(() =>
  import('@/features/review/components/review-page').then((m) => ({ default: m.ReviewPage })),
);
const SponsorPage = lazy(() =>
  import('@/features/sponsor/components/sponsor-page').then((m) => ({ default: m.SponsorPage })),
);

const signedIn = { signedIn: true } as const;

/**
 * A loader that starts the page's queries while its chunk downloads (instead of after it renders)
 * and returns at once: navigation never waits on data, so a slow or failing API still shows the
 * page's own loading and error states. Only for a signed-in user of the page's role.
 */
function prefetchFor(
  queryClient: QueryClient,
  role: UserRole | null,
  prefetch: (queryClient: QueryClient) => Promise<unknown>,
): LoaderFunction {
  return () => {
    void queryClient
      .ensureQueryData(meQueryOptions())
      .then((user) => (user && (!role || user.role === role) ? prefetch(queryClient) : undefined))
      // The page asks again itself and shows its own error state.
      .catch(() => undefined);
    return null;
  };
}

/** The applicant's own application and the public settings: what the dashboard and both forms open on. */
function prefetchApplicationAndSettings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(myApplicationQueryOptions()),
    queryClient.prefetchQuery(publicSettingsQueryOptions()),
  ]);
}

/** `privacyPath`: the event config's privacy.policyPath, which organisers may move. */
export function createRouter(queryClient: QueryClient, privacyPath: string = paths.privacy) {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            {
              path: paths.home,
              lazy: page(
                () => import('@/features/auth/components/landing-page'),
                (m) => m.LandingPage,
              ),
            },
            {
              path: paths.dashboard,
              loader: prefetchFor(queryClient, null, prefetchApplicationAndSettings),
              lazy: page(pageChunks.dashboard, (m) => m.DashboardPage, signedIn),
            },
            {
              // Its own guard: it must open without network, from the pass saved on the device.
              path: paths.pass,
              lazy: page(pageChunks.pass, (m) => m.PassPage),
            },
            {
              path: paths.hackerApply,
              loader: prefetchFor(queryClient, 'hacker', prefetchApplicationAndSettings),
              lazy: page(pageChunks.hackerApply, (m) => m.HackerApplyPage, {
                signedIn: true,
                requiredRole: 'hacker',
              }),
            },
            {
              path: paths.submissionSuccess,
              lazy: page(
                () => import('@/features/apply/components/submission-success-page'),
                (m) => m.SubmissionSuccessPage,
                signedIn,
              ),
            },
            {
              path: paths.mentorApply,
              loader: prefetchFor(queryClient, 'mentor', prefetchApplicationAndSettings),
              lazy: page(pageChunks.mentorApply, (m) => m.MentorApplyPage, {
                signedIn: true,
                requiredRole: 'mentor',
              }),
            },
            {
              path: paths.mentorSubmissionSuccess,
              lazy: page(
                () => import('@/features/mentor-apply/components/mentor-submission-success-page'),
                (m) => m.MentorSubmissionSuccessPage,
                { signedIn: true, requiredRole: 'mentor' },
              ),
            },
            {
              path: paths.viewApplication,
              loader: prefetchFor(queryClient, null, (qc) => qc.prefetchQuery(myApplicationQueryOptions())),
              lazy: page(pageChunks.viewApplication, (m) => m.ViewApplicationPage, signedIn),
            },
            {
              path: paths.adminLogin,
              lazy: page(
                () => import('@/features/auth/components/admin-login-page'),
                (m) => m.AdminLoginPage,
              ),
            },
            {
              path: paths.admin,
              element: (
                <StaffRoute area="admin">
                  <AdminPage />
                </StaffRoute>
              ),
            },
            {
              path: paths.checkin,
              element: (
                <StaffRoute area="checkin">
                  <CheckinPage />
                </StaffRoute>
              ),
            },
            {
              path: paths.checkinScan,
              element: (
                <OfflineStaffRoute area="checkin">
                  <ScannerPage />
                </OfflineStaffRoute>
              ),
            },
            {
              path: paths.review,
              element: (
                <StaffRoute area="review">
                  <ReviewPage />
                </StaffRoute>
              ),
            },
            {
              path: paths.sponsor,
              element: (
                <StaffRoute area="sponsor">
                  <SponsorPage />
                </StaffRoute>
              ),
            },
            {
              path: paths.forgotPassword,
              lazy: page(
                () => import('@/features/auth/components/forgot-password-page'),
                (m) => m.ForgotPasswordPage,
              ),
            },
            {
              path: paths.resetPassword,
              lazy: page(
                () => import('@/features/auth/components/reset-password-page'),
                (m) => m.ResetPasswordPage,
              ),
            },
            {
              path: paths.verifyEmail,
              lazy: page(
                () => import('@/features/auth/components/verify-email-page'),
                (m) => m.VerifyEmailPage,
              ),
            },
            {
              path: privacyPath,
              lazy: page(
                () => import('@/features/privacy/components/privacy-page'),
                (m) => m.PrivacyPage,
              ),
            },
            {
              path: '*',
              lazy: page(
                () => import('./routes/not-found'),
                (m) => m.NotFoundPage,
              ),
            },
          ],
        },
      ],
    },
  ]);
}

export type AppRouterInstance = ReturnType<typeof createRouter>;

/**
 * Resolves once the first route's chunk is in, so the first render is the page itself rather than
 * an empty frame followed by a layout shift.
 */
export function routerReady(router: AppRouterInstance): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
