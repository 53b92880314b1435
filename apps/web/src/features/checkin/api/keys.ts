/** Prefix of every check-in query (records and stats): invalidate it after any change. */
export const CHECKIN_QUERY_KEY = ['checkin'] as const;
