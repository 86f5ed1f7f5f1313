import { readdirSync, readFileSync } from 'node:fs';

/*
 * Where a machine's CPU went during a measurement: every process's CPU time (user + system, from
 * /proc), snapshotted before and after, so a benchmark can name what shared the cores with the
 * process it measures.
 */

/** CPU time a process has used so far (user + system), in ms. */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 100 Hz ticks
}

/** CPU time of every process so far, in ms, with its command line. */
export function cpuByProcess() {
  const processes = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const ms = processCpuMs(pid);
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const command = argv.length ? argv.join(' ') : readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      processes.set(pid, { command, ms });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return processes;
}

/** The processes that used CPU since `before`, busiest first: { pid, command, ms }. */
export function cpuSince(before) {
  const used = [];
  for (const [pid, now] of cpuByProcess()) {
    const ms = now.ms - (before.get(pid)?.ms ?? 0);
    if (ms > 0) used.push({ pid, command: now.command, ms });
  }
  return used.sort((a, b) => b.ms - a.ms);
}
