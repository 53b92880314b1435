// Review at scale: twenty reviewers asking for their next application and submitting scores at
// once over every application awaiting a decision, then an organiser previewing and applying
// "Decide by score" over all of them. Runs after the scenarios that read statuses: it puts every
// application back to "submitted" first.
import crypto from 'node:crypto';
import { cannon, clientIp, percentile } from '../lib/load.mjs';

export const REVIEWERS = 20;

export const title = (profile) =>
  `Review: ${REVIEWERS} reviewers on ${profile.applications.toLocaleString('en-US')} submitted applications, then Decide by score`;

export async function run(bench) {
  const { db } = bench;
  // A fresh review: nothing decided, no review yet.
  await db.query(
    `update applications set status = 'submitted', decided_at = null, rsvp_status = null, review_count = 0,
       review_disputed = false, review_flagged = false, review_score_raw = null, review_complete = false`,
  );
  await db.query('delete from reviews; delete from review_holds; delete from review_skips');
  await db.query('vacuum analyze applications');
  const tokens = await reviewerTokens(bench);
  const rows = await reviewLoad(bench, tokens);
  await scoreEverything(bench, tokens.ids);
  rows.push(...(await decideByScore(bench)));
  return rows;
}

/** Creates the reviewers through the admin API and signs each in (a bearer token each). */
export async function reviewerTokens(bench) {
  const { server } = bench;
  const password = `Review-${crypto.randomBytes(9).toString('base64url')}`;
  const out = { tokens: [], ids: [] };
  for (let i = 0; i < REVIEWERS; i++) {
    const email = `bench-reviewer-${i}-${crypto.randomBytes(3).toString('hex')}@example.org`;
    const created = await fetch(`${server.baseUrl}/api/admin/users`, {
      method: 'POST',
      headers: { ...bench.adminHeaders(7), 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, role: 'reviewer' }),
    });
    if (created.status !== 201) throw new Error(`creating a reviewer answered ${created.status}`);
    out.ids.push((await created.json())._id);
    const login = await fetch(`${server.baseUrl}/api/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(8, i) },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`a reviewer's sign-in answered ${login.status}`);
    out.tokens.push((await login.json()).access_token);
  }
  return out;
}

/**
 * Each connection is one reviewer: "next", then a review of what it was given, again and again.
 * The answers are checked as they come: a next that hands out nothing, or a refused review, fails
 * the row.
 */
export async function reviewLoad(bench, { tokens }) {
  const { profile, server } = bench;
  let nextConnection = 0;
  let empty = 0;
  const headers = (ctx) => ({
    authorization: `Bearer ${tokens[ctx.reviewer]}`,
    'x-forwarded-for': clientIp(8, ctx.reviewer),
  });
  const requests = [
    {
      method: 'GET',
      path: '/api/review/next',
      setupRequest(req, ctx) {
        ctx.reviewer ??= nextConnection++ % tokens.length;
        ctx.kind = 'next';
        return { ...req, headers: headers(ctx) };
      },
      onResponse(status, body, ctx) {
        const next = status === 200 ? JSON.parse(body) : null;
        ctx.application = next?.application?.id ?? null;
        ctx.criteria = next?.criteria ?? [];
        if (status === 200 && !ctx.application) empty++;
      },
    },
    {
      method: 'POST',
      setupRequest(req, ctx) {
        ctx.kind = 'submit';
        const scores = Object.fromEntries(
          ctx.criteria.map((c) => [c.id, 1 + Math.floor(Math.random() * c.scale)]),
        );
        return {
          ...req,
          path: `/api/review/${ctx.application ?? '00000000-0000-4000-8000-000000000000'}`,
          headers: { ...headers(ctx), 'content-type': 'application/json' },
          body: JSON.stringify({ scores, duration_ms: 40_000 + Math.floor(Math.random() * 60_000) }),
        };
      },
    },
  ];
  const opts = { url: server.baseUrl, connections: REVIEWERS, requests };
  await cannon({ ...opts, duration: profile.warmup });
  const waits = process.env.BENCH_PG_WAITS ? sampleWaits(bench) : null;
  const run = await bench.withCpu(server.pid, true, () => cannon({ ...opts, duration: profile.seconds }));
  if (waits) {
    console.log(await waits.stop());
    console.log({
      requests: run.result.requests.total,
      cpu_ms_per_request: run.cpu,
      seconds: profile.seconds,
    });
  }
  const next = run.latencies.next ?? [];
  const submit = run.latencies.submit ?? [];
  const failed = (kind) =>
    Object.entries(run.statuses[kind] ?? {})
      .filter(([code]) => Number(code) >= 300)
      .reduce((n, [, c]) => n + c, 0);
  const clean = run.result.errors === 0 && run.result.timeouts === 0 && empty === 0;
  const detail = (values, kind) => ({
    connections: REVIEWERS,
    requests: values.length,
    p50_ms: percentile(values, 50),
    p99_ms: percentile(values, 99),
    failed: failed(kind),
    next_without_application: empty,
    cpu_ms_per_request: run.cpu,
  });
  return [
    {
      id: 'review-next-p95',
      label: `Review "next", ${REVIEWERS} reviewers at once, ${profile.applications.toLocaleString('en-US')} submitted`,
      value: percentile(next, 95),
      unit: 'ms',
      target: '< 20 ms',
      pass: clean && failed('next') === 0 && percentile(next, 95) < 20,
      ratio: bench.ratio(percentile(next, 95)),
      detail: detail(next, 'next'),
    },
    {
      id: 'review-submit-p95',
      label: 'Review submit, the same reviewers',
      value: percentile(submit, 95),
      unit: 'ms',
      target: '< 30 ms',
      pass: clean && failed('submit') === 0 && percentile(submit, 95) < 30,
      ratio: bench.ratio(percentile(submit, 95)),
      detail: detail(submit, 'submit'),
    },
  ];
}

/**
 * Two reviews for every application, written straight into the tables with the counters the
 * review module keeps, so Decide by score has a whole event to rank: what 20 reviewers do over
 * weeks, in seconds.
 */
async function scoreEverything(bench, reviewerIds) {
  const { db } = bench;
  await db.query('delete from reviews; delete from review_holds');
  await db.query(
    `insert into reviews (application_id, reviewer_id, role, scores, total, duration_ms)
     select a.id, r.reviewer_id, a.role, '{}'::jsonb, 1 + floor(random() * 400) / 100, 60000
     from applications a
     cross join lateral (
       select ($1::uuid[])[1 + ((abs(hashtext(a.id::text)) + k) % $2)] as reviewer_id
       from generate_series(0, 1) as k
     ) r
     -- A review the load left in flight may land after the delete: it stands.
     on conflict (application_id, reviewer_id) do nothing`,
    [reviewerIds, reviewerIds.length],
  );
  await db.query(
    `update applications a set review_count = s.n, review_score_raw = s.mean, review_complete = true
     from (select application_id, count(*) as n, avg(total) as mean from reviews group by application_id) s
     where s.application_id = a.id`,
  );
  await db.query('vacuum analyze applications, reviews');
}

/** Preview and apply "accept the top 30%, waitlist the next 20%, reject the rest" for hackers. */
async function decideByScore(bench) {
  const { server, db } = bench;
  const { rows } = await db.query(`select count(*)::int as n from applications where role = 'hacker'`);
  const hackers = rows[0].n;
  const body = {
    role: 'hacker',
    accept_top: Math.round(hackers * 0.3),
    waitlist_next: Math.round(hackers * 0.2),
    reject_rest: true,
  };
  const post = async (path, payload) => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...bench.adminHeaders(9), 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return { seconds: (performance.now() - started) / 1000, json };
  };
  const preview = await post('/api/admin/decide-by-score/preview', body);
  const apply = await post('/api/admin/decide-by-score/apply', {
    ...body,
    confirm: String(preview.json.changes),
  });
  const label = `${hackers.toLocaleString('en-US')} hacker applications`;
  return [
    {
      id: 'decide-by-score-preview',
      label: `Decide by score, preview, ${label}`,
      value: preview.seconds,
      unit: 's',
      target: '< 2 s',
      pass: preview.seconds < 2 && preview.json.changes === hackers,
      ratio: null,
      detail: { changes: preview.json.changes },
    },
    {
      id: 'decide-by-score-apply',
      label: `Decide by score, apply, ${label}`,
      value: apply.seconds,
      unit: 's',
      target: '< 2 s',
      pass: apply.seconds < 2,
      ratio: null,
      detail: { answer: apply.json },
    },
  ];
}

/** BENCH_PG_WAITS=1: what the server's database sessions are waiting on during the load, sampled. */
function sampleWaits(bench) {
  const seen = new Map();
  let running = true;
  const loop = (async () => {
    const client = new (await import('pg')).default.Client({ connectionString: bench.databaseUrl });
    await client.connect();
    // Time spent inside each database function, per call, over the same window.
    await client.query(`alter system set track_functions = 'all'`);
    await client.query('select pg_reload_conf(), pg_stat_reset()');
    while (running) {
      const { rows } = await client.query(
        `select coalesce(wait_event_type || ':' || wait_event, 'cpu') as w, state, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as q
           from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      for (const r of rows) {
        const key = `${r.w} | ${r.state} | ${r.q}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    const { rows: functions } = await client.query(
      `select funcname, calls, round((self_time / greatest(calls, 1))::numeric, 3) as self_ms_per_call,
              round((total_time / greatest(calls, 1))::numeric, 3) as total_ms_per_call
         from pg_stat_user_functions order by total_time desc limit 10`,
    );
    console.table(functions);
    await client.query('alter system reset track_functions');
    await client.query('select pg_reload_conf()');
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return [...seen.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 30)
        .map(([k, n]) => `${String(n).padStart(6)} ${k}`)
        .join('\n');
    },
  };
}
