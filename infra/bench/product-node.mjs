import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@flohmarkt/launcher';

/** The Node.js release the product ships on: the images' base (infra/docker/Dockerfile), which CI runs too. */
function productNodeVersion() {
  const match = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)/m.exec(readFileSync(path.join(ROOT, 'infra/docker/Dockerfile'), 'utf8'));
  if (!match) throw new Error('infra/docker/Dockerfile names no node image');
  return match[1];
}

/**
 * The line a benchmark prints first: which Node runs the product it measures. A benchmark starts the
 * product with its own Node, and releases differ by more than most changes measured: on Node 20 the
 * gateway spent about half as much CPU again per forwarded read as on 24 (docs/adr/0009, part 8).
 */
export function nodeLine() {
  const shipped = productNodeVersion();
  const running = process.versions.node;
  if (running.split('.')[0] === shipped.split('.')[0]) return `Node ${running} (the product ships on ${shipped})`;
  return (
    `Node ${running}, NOT the line the product ships on (${shipped}): its figures are not the product's. ` +
    `\`.ci/run\` installs ${shipped} in ~/.cache/flohmarkt/node-${shipped}; run with PATH=~/.cache/flohmarkt/node-${shipped}/bin:$PATH`
  );
}
