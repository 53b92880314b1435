// What organisers and volunteers wait for while they work: the admin applications list with a
// search and filters, and the check-in desk's search.
import { ADMIN_CONNECTIONS, CHECKIN_CONNECTIONS } from '../lib/measure.mjs';

export const title = `Admin list and check-in search, ${ADMIN_CONNECTIONS} and ${CHECKIN_CONNECTIONS} connections`;

// What organisers and volunteers type: parts of names, e-mails and schools.
export const SEARCHES = [
  'ada',
  'hopper',
  'tur',
  'lin',
  'nguyen',
  'patel',
  'grace',
  'mat',
  'kow',
  'tanaka',
  'li',
  'okafor',
];

/** The applications list with a search and three filters (the scaling curve reads it too). */
export const SEARCH_AND_FILTERS = SEARCHES.map(
  (s, i) =>
    `/api/admin/applications?search=${s}&status=${i % 2 ? 'accepted' : 'pending,waitlisted'}` +
    `&role=hacker&school=${i % 3 ? 'University' : 'Institute'}`,
);

/** The desk's searches: names, a full name, a school, an e-mail fragment. */
export const CHECKIN_SEARCHES = [...SEARCHES, 'ada lovelace', 'stanford', 'ada.l', 'priya'].map(
  (s) => `/api/checkin/records?search=${encodeURIComponent(s)}`,
);

/** Eight volunteers at the doors at 8 a.m. */
const DESKS = 8;

/**
 * A morning of organisers at once, as they really type: two-letter searches a trigram cannot
 * serve, broad school and e-mail fragments, deep pages, the Users list with a search and filters,
 * and the RSVP view (applications by RSVP answer).
 */
function organiserMix(applications) {
  const deep = Math.max(2, Math.floor(applications / 50 / 2.5));
  return [
    '/api/admin/applications?search=li',
    '/api/admin/applications?search=an&role=hacker',
    '/api/admin/applications?search=univ',
    '/api/admin/applications?search=state&status=submitted',
    '/api/admin/applications?search=example.org',
    '/api/admin/applications?search=gmail',
    `/api/admin/applications?page=${deep}`,
    `/api/admin/applications?page=${deep * 2}&role=hacker`,
    '/api/admin/applications?status=accepted&rsvp_status=no_response',
    '/api/admin/applications?status=accepted&rsvp_status=accepted&search=ng',
    '/api/admin/users?search=ma&role=hacker',
    '/api/admin/users?search=example&status=not_started',
    `/api/admin/users?page=${deep}`,
  ];
}

export async function run(bench) {
  const { profile } = bench;
  return [
    await bench.latencyRow({
      id: 'admin-list-p95',
      label: `Admin list, search + 3 filters, ${profile.applications.toLocaleString('en-US')} apps`,
      target: '< 50 ms',
      limit: 50,
      connections: ADMIN_CONNECTIONS,
      headers: bench.adminHeaders,
      paths: SEARCH_AND_FILTERS,
    }),
    await bench.latencyRow({
      id: 'checkin-search-p95',
      label: `Check-in search, ${profile.checkin.toLocaleString('en-US')} records`,
      target: '< 30 ms',
      limit: 30,
      connections: CHECKIN_CONNECTIONS,
      headers: bench.adminHeaders,
      paths: CHECKIN_SEARCHES,
    }),
    await bench.latencyRow({
      id: 'admin-lists-p99',
      label: `Admin lists as organisers type, ${ADMIN_CONNECTIONS} admins at once (p99)`,
      target: '< 100 ms',
      limit: 100,
      stat: 99,
      connections: ADMIN_CONNECTIONS,
      headers: bench.adminHeaders,
      paths: organiserMix(profile.applications),
    }),
    await bench.latencyRow({
      id: 'checkin-search-p99',
      label: `Check-in search, ${DESKS} desks at once (p99)`,
      target: '< 50 ms',
      limit: 50,
      stat: 99,
      connections: DESKS,
      headers: bench.adminHeaders,
      paths: [...SEARCHES, 'ada lovelace', 'stanford', 'ada.l', 'priya', 'an', 'university'].map(
        (s) => `/api/checkin/records?search=${encodeURIComponent(s)}`,
      ),
    }),
  ];
}
