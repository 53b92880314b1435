/** Prefix of every review query: the next application, one earlier review, the recent reviews. */
export const REVIEW_QUERY_KEY = ['review'] as const;
export const nextReviewKey = [...REVIEW_QUERY_KEY, 'next'] as const;
export const reviewKey = (applicationId: string) =>
  [...REVIEW_QUERY_KEY, 'application', applicationId] as const;
export const myReviewsKey = [...REVIEW_QUERY_KEY, 'mine'] as const;
