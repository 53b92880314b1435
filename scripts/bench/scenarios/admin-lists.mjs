// What organisers and volunteers wait for while they work: the admin applications list with a
// search and filters, and the check-in desk's search.
import { ADMIN_CONNECTIONS, CHECKIN_CONNECTIONS } from '../lib/measure.mjs';

export const title = `Admin list and check-in search, ${ADMIN_CONNECTIONS} and ${CHECKIN_CONNECTIONS} connections`;

// What organisers and volunteers type: parts of names, e-mails and schools.
const SEARCHES = [
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
      paths: SEARCHES.map(
        (s, i) =>
          `/api/admin/applications?search=${s}&status=${i % 2 ? 'accepted' : 'pending,waitlisted'}` +
          `&role=hacker&school=${i % 3 ? 'University' : 'Institute'}`,
      ),
    }),
    await bench.latencyRow({
      id: 'checkin-search-p95',
      label: `Check-in search, ${profile.checkin.toLocaleString('en-US')} records`,
      target: '< 30 ms',
      limit: 30,
      connections: CHECKIN_CONNECTIONS,
      headers: bench.adminHeaders,
      paths: [...SEARCHES, 'ada lovelace', 'stanford', 'ada.l', 'priya'].map(
        (s) => `/api/checkin/records?search=${encodeURIComponent(s)}`,
      ),
    }),
  ];
}
