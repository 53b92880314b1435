// Custom questions (issue 19) at full size: 30 questions on the hacker form, every hacker's answers
// to them, then what grows with them: the CSV of every application (one column per question), the
// Applications list filtered on an answer (custom_choice_keys and its GIN index), and the Insights
// custom-questions panel (every yes/no and choice answer of the matching applications counted).
// The questions are made through the admin API, the answers in one set-based UPDATE (the seed has
// none); both are gone again at the end, for the scenarios after it.
import http from 'node:http';
import { ADMIN_CONNECTIONS } from '../lib/measure.mjs';
import { panelRow } from '../lib/panels.mjs';
import { csvExport } from './exports.mjs';

const LIST_TARGET_MS = 50;
/** The panel counts every answer to 25 questions of every hacker, some 50 keys a row. */
const PANEL_TARGET_MS = 500;
/** The organiser's own address for the panel's first read, apart from the measured connections'. */
const PANEL_ADDRESS = 100;

const options = (n, prefix) =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, label: `${prefix.toUpperCase()} ${i + 1}` }));
const SECTIONS = ['personal', 'academic', 'essays', 'links', 'additional', 'community'];

/**
 * 30 hacker questions, as an event asks them: mostly choices (12 single with 3 options, 6 multiple
 * with 5) and yes/no (7), a few in the applicant's own words (3 short texts, 2 paragraphs).
 */
const QUESTIONS = [
  ...Array.from({ length: 12 }, (_, i) => ({
    type: 'single_choice',
    label: `Which track interests you most? (${i + 1})`,
    options: options(3, 't'),
    allow_other: i % 4 === 0,
    display: i % 2 ? 'dropdown' : 'radio',
  })),
  ...Array.from({ length: 6 }, (_, i) => ({
    type: 'multiple_choice',
    label: `Which of these have you used? (${i + 1})`,
    options: options(5, 'u'),
    allow_other: i % 3 === 0,
  })),
  ...Array.from({ length: 7 }, (_, i) => ({
    type: 'yes_no',
    label: `Is this your first hackathon? (${i + 1})`,
  })),
  ...Array.from({ length: 3 }, (_, i) => ({
    type: 'short_text',
    label: `Favourite snack for the night? (${i + 1})`,
    max_length: 200,
  })),
  ...Array.from({ length: 2 }, (_, i) => ({
    type: 'paragraph',
    label: `Tell us about something you built (${i + 1})`,
    word_limit: 300,
  })),
].map((q, i) => ({ role: 'hacker', section: SECTIONS[i % SECTIONS.length], ...q }));

/** What people write in the text questions: one line each (the CSV's line count checks the rows). */
const SHORT_TEXTS = [
  'Pretzels',
  'Dark chocolate',
  'Mango slices',
  'Anything spicy',
  'Popcorn, lots',
  'Gummy bears',
];
const PARAGRAPHS = [
  'A bus arrival board for my campus that reads the transit feed, guesses delays from the last week and shows ' +
    'them on an old monitor by the library door. Friends now check it before leaving class.',
  'I wrote a small Discord bot that splits grocery bills among roommates, remembers who owes what and sends ' +
    'a gentle reminder on Sundays. It handles receipts photographed at odd angles, most of the time.',
  'Our robotics team needed a way to log sensor data at competitions, so I built a web dashboard with charts ' +
    'that replay each match. It taught me more about time zones than I ever wanted to know.',
  'A browser extension that turns long recipe pages into just the ingredients and steps, with a timer per ' +
    'step. Around two hundred people use it; one sent me a photo of the cake it helped with.',
];

export const title = (profile) =>
  `Custom questions: ${QUESTIONS.length} on the hacker form, answered over ${profile.applications.toLocaleString('en-US')} applications`;

export async function run(bench) {
  const questions = await createQuestions(bench);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const answered = await answerAll(bench, questions);
    const rows = await csvExport(bench, {
      id: 'custom-csv-export',
      label: `CSV export with ${questions.length} custom questions`,
    });
    rows[0].detail.custom_answers = answered;
    rows.push(await filterRow(bench, questions));
    rows.push(
      await panelRow(bench, agent, {
        id: 'insights-custom-p95',
        label: `Insights custom questions (${questions.length}), ${bench.profile.applications.toLocaleString('en-US')} apps`,
        path: '/api/admin/insights/custom',
        targetMs: PANEL_TARGET_MS,
        address: PANEL_ADDRESS,
      }),
    );
    if (process.env.BENCH_DEBUG) for (const r of rows) console.log(r.id, JSON.stringify(r.detail));
    return rows;
  } finally {
    agent.destroy();
    await removeAll(bench, questions);
  }
}

async function admin(bench, method, path, body) {
  const res = await fetch(`${bench.server.baseUrl}${path}`, {
    method,
    headers: { ...bench.adminHeaders(4), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Through the admin API, one after another as an organiser adds them. */
async function createQuestions(bench) {
  const made = [];
  try {
    for (const body of QUESTIONS) made.push(await admin(bench, 'POST', '/api/admin/questions', body));
  } catch (err) {
    await removeAll(bench, made);
    throw err;
  }
  return made;
}

/**
 * Every hacker's answers in one UPDATE, drawn from a hash of the application and the question so a
 * run is repeatable: a single choice picks one option in three (one in twenty says "Other" where it
 * is offered), a multiple choice each option with a chance of one in three (at least one), yes one in
 * three; one in ten leaves each text question unanswered. Mentors answer nothing (the questions are
 * not on their form).
 */
async function answerAll(bench, questions) {
  const { db } = bench;
  const spec = questions.map((q) => ({
    id: q.id,
    v: q.version,
    type: q.type,
    options: q.options.map((o) => o.id),
    other: q.allow_other,
  }));
  await db.query(
    `update applications a set custom_answers = s.answers
       from (select a.id, coalesce(jsonb_object_agg(q->>'id', jsonb_build_object('v', (q->>'v')::int, 'a', x.a))
                                   filter (where x.a is not null), '{}'::jsonb) as answers
               from applications a
              cross join jsonb_array_elements($1::jsonb) q
              cross join lateral (select hashtext(a.id::text || (q->>'id')) & 2147483647 as h,
                                         jsonb_array_length(q->'options') as n) k
              cross join lateral (select case q->>'type'
                when 'yes_no' then to_jsonb(k.h % 3 = 0)
                when 'single_choice' then case when (q->>'other')::boolean and k.h % 20 = 0
                  then jsonb_build_object('selected', '[]'::jsonb, 'other', 'Something of my own')
                  else jsonb_build_object('selected', jsonb_build_array(q->'options'->(k.h % k.n)), 'other', null) end
                when 'multiple_choice' then jsonb_build_object('selected', coalesce(
                  (select jsonb_agg(o.value order by o.i)
                     from jsonb_array_elements(q->'options') with ordinality o(value, i)
                    where (hashtext(a.id::text || (q->>'id') || o.i) & 2147483647) % 3 = 0),
                  jsonb_build_array(q->'options'->(k.h % k.n))), 'other', null)
                when 'short_text' then case when k.h % 10 > 0 then to_jsonb(($2::text[])[1 + k.h / 10 % cardinality($2::text[])]) end
                when 'paragraph' then case when k.h % 10 > 0 then to_jsonb(($3::text[])[1 + k.h / 10 % cardinality($3::text[])]) end
              end as a) x
              where a.role = 'hacker'
              group by a.id) s
      where a.id = s.id`,
    [JSON.stringify(spec), SHORT_TEXTS, PARAGRAPHS],
  );
  // Applicants answer when they apply: their rows are as compact as the seed's, not an old and a
  // new version each (every row was rewritten here).
  await db.query('vacuum full applications');
  // And what autovacuum does within a minute of a bulk write (the run's own start does the same
  // after the seed): the visibility map, which index-only scans read, and the planner's statistics.
  await db.query('vacuum analyze applications, application_answer_keys');
  const { rows } = await db.query(
    `select count(*)::int as applications, coalesce(sum((select count(*) from jsonb_object_keys(custom_answers))), 0)::int as answers,
            round(avg(pg_column_size(custom_answers)))::int as avg_bytes
       from applications where custom_answers <> '{}'::jsonb`,
  );
  return rows[0];
}

/** The list filtered on one answer, a different question or option each request (as admin-lists). */
async function filterRow(bench, questions) {
  const paths = questions
    .filter((q) => q.type === 'single_choice' || q.type === 'multiple_choice' || q.type === 'yes_no')
    .map((q, i) =>
      q.type === 'yes_no' ? `${q.id}:${i % 2 === 0}` : `${q.id}:${q.options[i % q.options.length].id}`,
    )
    .map((filter) => `/api/admin/applications?custom=${filter}`);
  // What each filter matches: a share of the list, not a handful of rows.
  const totals = [];
  for (const path of paths) totals.push((await admin(bench, 'GET', path)).total);
  const row = await bench.latencyRow({
    id: 'custom-filter-p95',
    label: `Admin list, custom answer filter, ${bench.profile.applications.toLocaleString('en-US')} apps`,
    target: `< ${LIST_TARGET_MS} ms`,
    limit: LIST_TARGET_MS,
    connections: ADMIN_CONNECTIONS,
    headers: bench.adminHeaders,
    paths,
  });
  row.detail.matching = { min: Math.min(...totals), max: Math.max(...totals) };
  return row;
}

/** The answers cleared (a question with answers cannot be deleted), then each question deleted. */
async function removeAll(bench, questions) {
  const { db } = bench;
  await db.query(`update applications set custom_answers = '{}'::jsonb where custom_answers <> '{}'::jsonb`);
  // Conditions could tie questions together (these have none): the last made goes first.
  for (const q of [...questions].reverse()) await admin(bench, 'DELETE', `/api/admin/questions/${q.id}`);
  // The table as the seed left it, for the scenarios after this one.
  await db.query('vacuum full analyze applications');
}
