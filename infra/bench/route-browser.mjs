/**
 * The browser half of `npm run bench:route`: the route planner bundled as the web app would ship it
 * (rolldown, from the library's build output) and timed inside headless Chromium on the same sets.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'rolldown';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_QUIET_FLAGS as QUIET_FLAGS } from '@flohmarkt/launcher/chromium';

export function browserAvailable() {
  return existsSync(CHROMIUM);
}

/**
 * Median milliseconds of planRoute per input (each run `runs` times after one warm-up), measured with
 * performance.now() in the page. Inputs carry stops and start only (no functions cross into the page).
 */
export async function timeInChromium(root, inputs, runs) {
  const bundle = await build({
    input: path.join(root, 'libs/route-planner/dist/index.js'),
    output: { format: 'iife', name: 'routePlanner', minify: true },
    write: false,
    cwd: root,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: QUIET_FLAGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench:route</title>');
    await page.addScriptTag({ content: bundle.output[0].code });
    return await page.evaluate(
      ({ inputs, runs }) => {
        const median = (values) => {
          const sorted = [...values].sort((a, b) => a - b);
          const middle = Math.floor(sorted.length / 2);
          return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        };
        return inputs.map((input) => {
          globalThis.routePlanner.planRoute(input);
          const times = [];
          for (let run = 0; run < runs; run++) {
            const began = performance.now();
            globalThis.routePlanner.planRoute(input);
            times.push(performance.now() - began);
          }
          return median(times);
        });
      },
      { inputs, runs },
    );
  } finally {
    await browser.close();
  }
}
