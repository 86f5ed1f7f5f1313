#!/usr/bin/env node
/**
 * `node infra/scripts/lockfile-drift.mjs <committed-lockfile> <lockfile-after-install>`: exits 1 and
 * names the packages when `npm install` changed what the lockfile pins, 0 when it did not.
 *
 * One change does not count: npm writing down optional binaries of other platforms (`@nx/nx-darwin-x64`,
 * `@unrs/resolver-binding-win32-…`). Which of them it adds depends on what the registry and npm's
 * cache answer at that moment (the registry here answers some with 404, and a warm cache adds more
 * than a cold one), not on package.json; they are never installed on this platform either way. Every
 * other difference (a version, an integrity, a dependency added or dropped) means package.json and
 * the lockfile disagree.
 */
import { readFileSync } from 'node:fs';

const [committedPath, installedPath] = process.argv.slice(2);
if (!committedPath || !installedPath) {
  process.stderr.write('usage: lockfile-drift.mjs <committed-lockfile> <lockfile-after-install>\n');
  process.exit(2);
}

/** npm's own rule for `os`/`cpu` lists: a name matches, `!name` excludes. */
function allows(list, value) {
  if (!Array.isArray(list) || list.length === 0) return true;
  if (list.some((entry) => entry === `!${value}`)) return false;
  const positives = list.filter((entry) => !entry.startsWith('!'));
  return positives.length === 0 || positives.includes(value);
}

// On Linux, npm also reads `libc` (glibc or musl builds of the same binary).
const libc = process.platform === 'linux' ? (process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl') : undefined;
const foreignOptional = (entry) =>
  entry.optional === true && !(allows(entry.os, process.platform) && allows(entry.cpu, process.arch) && (libc === undefined || allows(entry.libc, libc)));

function pinnedPackages(file) {
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  return new Map(Object.entries(lock.packages ?? {}).filter(([, entry]) => !foreignOptional(entry)));
}

const committed = pinnedPackages(committedPath);
const installed = pinnedPackages(installedPath);
const changed = [];
for (const [name, entry] of installed) {
  if (!committed.has(name)) changed.push(`added ${name || '(root)'}`);
  else if (JSON.stringify(committed.get(name)) !== JSON.stringify(entry)) changed.push(`changed ${name || '(root)'}`);
}
for (const name of committed.keys()) if (!installed.has(name)) changed.push(`removed ${name || '(root)'}`);

for (const line of changed.slice(0, 20)) process.stdout.write(`  ${line}\n`);
if (changed.length > 20) process.stdout.write(`  … and ${changed.length - 20} more\n`);
process.exit(changed.length === 0 ? 0 : 1);
