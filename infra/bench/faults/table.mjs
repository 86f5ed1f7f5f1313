import { acknowledged } from './traffic.mjs';

const COLUMNS = [
  ['fault', 26, 'left'],
  ['requests', 8],
  ['2xx', 6],
  ['4xx', 5],
  ['5xx', 5],
  ['conn err', 8],
  ['no answer', 9],
  ['slowest', 8],
  ['healthy', 8],
  ['writes', 6],
  ['acked', 5],
  ['lost', 4],
  ['doubled', 7],
  ['err+applied', 11],
  ['mails', 5],
  ['m lost', 6],
  ['m doubled', 9],
];

const seconds = (ms) => (ms === null || ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);

/** One row of figures per phase from the recorded requests and the audited writes. */
export function figuresOf(phase, recorder) {
  const requests = recorder.requests.filter((r) => r.phase === phase.label);
  const writes = recorder.writes.filter((w) => w.phase === phase.label);
  const status = (from, to) => requests.filter((r) => typeof r.outcome === 'number' && r.outcome >= from && r.outcome < to).length;
  const sum = (field) => writes.reduce((n, w) => n + (w[field] ?? 0), 0);
  return {
    fault: phase.label,
    requests: requests.length,
    '2xx': status(200, 300),
    '4xx': status(400, 500),
    '5xx': status(500, 600),
    'conn err': requests.filter((r) => r.outcome === 'conn').length,
    'no answer': requests.filter((r) => r.outcome === 'timeout').length,
    slowest: seconds(requests.reduce((max, r) => Math.max(max, r.ms), 0)),
    healthy: phase.kind === 'baseline' ? '–' : phase.healthyMs === null ? 'never' : seconds(phase.healthyMs),
    writes: writes.length,
    acked: writes.filter(acknowledged).length,
    lost: writes.filter((w) => w.lost).length,
    doubled: writes.filter((w) => w.doubled).length,
    'err+applied': writes.filter((w) => w.appliedDespiteError).length,
    mails: sum('mailsExpected'),
    'm lost': sum('mailsLost'),
    'm doubled': sum('mailsDoubled'),
  };
}

/** Rows as a Markdown table, so the same text goes to the console and into docs/operations.md. */
export function formatTable(rows) {
  const cell = (value, [, width, align]) => (align === 'left' ? String(value).padEnd(width) : String(value).padStart(width));
  const line = (values) => `| ${values.map((v, i) => cell(v, COLUMNS[i])).join(' | ')} |`;
  const rule = `|${COLUMNS.map(([, width, align]) => (align === 'left' ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(COLUMNS.map(([name]) => name)), rule, ...rows.map((row) => line(COLUMNS.map(([name]) => row[name])))].join('\n');
}

/** Adds up the counting columns of every row (slowest: the largest; healthy: left blank). */
export function totalOf(rows) {
  const total = { fault: 'all phases' };
  for (const [name] of COLUMNS.slice(1)) {
    if (name === 'slowest') total[name] = `${Math.max(...rows.map((r) => Number.parseFloat(r.slowest) || 0)).toFixed(1)} s`;
    else if (name === 'healthy') total[name] = '';
    else total[name] = rows.reduce((n, r) => n + r[name], 0);
  }
  return total;
}

export const LEGEND = [
  'requests: every request sent while the phase ran (reads of the 10 connections and every write attempt, retries included), by answer:',
  '  2xx / 4xx / 5xx; conn err: refused, reset or closed without an answer; no answer: none within 30 s (the client gave up).',
  'slowest: the longest single request of the phase (answered or not).',
  "healthy: from the fault's end (SIGCONT, or the kill) until an anonymous event read (no-cache), a signed-in read and the part's own read",
  '  (stand list, photo, mailer or mail server health) all answer 2xx; "never": not within 120 s.',
  "writes: the writer's submissions begun in the phase (market, guest stand, seller stand, approval), each with one Idempotency-Key,",
  '  retried with it on 503, connection errors, no answer and "still being worked on" (409) for up to 60 s; acked: its final answer was 2xx.',
  'lost: acked, but not in the database; doubled: more than one record for one submission; err+applied: not acked, yet applied.',
  "mails: mails the phase's applied writes must cause (a guest's confirmation request, the seller's approval mail); m lost: none arrived",
  '  at the development mail server; m doubled: more than one arrived.',
];
