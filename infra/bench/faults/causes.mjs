import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every JSON line of a log file that parses; anything else (a stack's continuation, a crash text) is skipped. */
function jsonLines(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
}

/** How the gateway's access log names a 5xx's cause: the noted code (and peer), or the status alone. */
function causeText(line) {
  if (!line) return 'not in the gateway log';
  if (!line.cause) return `status ${line.status}, no cause logged`;
  const { code, peer, attempt, mayHaveReached } = line.cause;
  return `${code ?? 'no code'}${peer ? ` @ ${peer.split(' ')[0]}` : ''}${attempt > 1 ? ` (attempt ${attempt})` : ''}${mayHaveReached === false ? ', not sent' : ''}`;
}

/**
 * The 5xx answers the clients saw, each looked up by its x-request-id in the stack's logs: the
 * gateway's access-log line (its cause) and what any app logged at warn or error under that id.
 * Answers with no id (a 5xx the gateway did not write) count as such.
 */
export function fiveHundredsByCause(logsDir, requests) {
  const failed = requests.filter((r) => typeof r.outcome === 'number' && r.outcome >= 500);
  const byId = new Map();
  const related = new Map();
  for (const file of existsSync(logsDir) ? readdirSync(logsDir) : []) {
    for (const line of jsonLines(path.join(logsDir, file))) {
      if (!line.requestId) continue;
      if (line.service === 'gateway' && line.msg === 'request') byId.set(line.requestId, line);
      else if (line.level === 'warn' || line.level === 'error')
        related.set(line.requestId, [...(related.get(line.requestId) ?? []), `${line.service}: ${line.msg}`]);
    }
  }
  const counts = new Map();
  const examples = [];
  for (const r of failed) {
    const cause = r.requestId ? causeText(byId.get(r.requestId)) : 'no request id';
    const key = `${r.phase}: ${r.outcome} ${cause}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (examples.length < 20) examples.push({ requestId: r.requestId, outcome: r.outcome, what: r.what, cause, logged: related.get(r.requestId) ?? [] });
  }
  return { total: failed.length, counts, examples };
}

/** fiveHundredsByCause's answer as lines to print: each cause with its count, then the examples. */
export function strayLines({ counts, examples }) {
  return [
    ...[...counts].map(([cause, count]) => `  ${cause} × ${count}`),
    ...examples.map((e) => `  e.g. ${e.requestId} ${e.outcome} ${e.what}: ${e.cause}${e.logged.length ? `; logged: ${e.logged.join(' | ')}` : ''}`),
  ];
}
