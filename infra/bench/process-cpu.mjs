import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/*
 * Where a machine's CPU went during a measurement: every process's CPU time (user + system, from
 * /proc), snapshotted before and after, so a benchmark can name what shared the cores with the
 * process it measures.
 */

/** The fields of /proc/<pid>/stat after the command in parentheses: state, parent, …, utime, stime, … */
export function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** CPU time a process has used so far (user + system), in ms. */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 100 Hz ticks
}

/** A figure of /proc/<pid>/status in kB ('self': this process): VmRSS resident now, VmHWM its peak so far. */
export function statusKb(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

/** The machine's load average over 1, 5 and 15 minutes, as printed beside the figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

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
