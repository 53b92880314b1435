import { paths } from '@/config/paths';

/**
 * The applicant pages' chunks. The router loads them as routes; a first load of one of their
 * addresses starts its chunk at once (main.tsx), beside the app's own chunks, instead of once the
 * app has loaded, evaluated and started its router: on a phone's connection that was the page's
 * chunk and its imports one after the other, after everything else. Staff pages are not here:
 * their code loads only inside their guards (router.tsx).
 */
export const pageChunks = {
  dashboard: () => import('@/features/dashboard/components/dashboard-page'),
  pass: () => import('@/features/dashboard/components/pass-page'),
  hackerApply: () => import('@/features/apply/components/hacker-apply-page'),
  mentorApply: () => import('@/features/mentor-apply/components/mentor-apply-page'),
  viewApplication: () => import('@/features/application-view/components/view-application-page'),
};

type ApplicantPage = keyof typeof pageChunks;

/** The applicant page at `pathname` (a trailing slash allowed, as the router allows it), if any. */
export function applicantPageAt(pathname: string): ApplicantPage | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return (Object.keys(pageChunks) as ApplicantPage[]).find((page) => paths[page] === path);
}

/** Starts the chunk of the applicant page at `pathname`, if it is one; the router uses the same import. */
export function preloadPage(pathname: string): void {
  const page = applicantPageAt(pathname);
  // A failed download is the router's to report, when it asks for the chunk itself.
  if (page) pageChunks[page]().catch(() => undefined);
}
