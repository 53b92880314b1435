import { paths } from '@/config/paths';

/** The search parameter naming an earlier review being changed (absent: the next application). */
export const REVIEW_PARAM = 'application';

export function reviewPathFor(applicationId: string): string {
  return `${paths.review}?${REVIEW_PARAM}=${encodeURIComponent(applicationId)}`;
}
