// Build step after tsc (`npm run build`): precomputes the gazetteer into dist so that a service
// start reads one small JSON file instead of joining 17 MB of registry data.
import { writeFileSync } from 'node:fs';
import { compileGazetteer } from './data/compile.js';
import { COMPACT_FILE } from './data/load.js';
import { readRawSources } from './data/raw-sources.js';

const data = compileGazetteer(readRawSources());
writeFileSync(COMPACT_FILE, JSON.stringify(data));
process.stdout.write(`gazetteer: ${data.places.length} places, ${data.postcodes.length} postcodes → ${COMPACT_FILE}\n`);
