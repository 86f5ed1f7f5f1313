#!/usr/bin/env node
/**
 * `npm run docs:settings`: writes docs/settings.md (one table per app: variable, default, required,
 * meaning), the `npm start` table in README.md and .env.example (env-example.mjs) from the
 * declarations, so each setting is described once. Reads the built config modules (dist): build
 * first (`npm run build`, or the apps' builds).
 * Importing them starts nothing: the config modules only declare schemas.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderEnvExample } from './env-example.mjs';
import { renderSettingsDocs, withReadmeTable } from './settings-docs-render.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SETTINGS_FILE = path.join(ROOT, 'docs/settings.md');
export const README_FILE = path.join(ROOT, 'README.md');
export const ENV_EXAMPLE_FILE = path.join(ROOT, '.env.example');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

const load = (relative) => import(pathToFileURL(path.join(ROOT, relative)).href);

/** The declarations: each app's config schema from its dist, the plain lists of the identity provider and the launcher. */
export async function loadSettingsDeclarations() {
  const [serverKit, gateway, auth, events, stands, media, mailer, devIdp, launcher] = await Promise.all([
    load('libs/server-kit/dist/index.js'),
    load('gateway/dist/config.js'),
    load('services/auth/dist/config.js'),
    load('services/events/dist/config.js'),
    load('services/stands/dist/config.js'),
    load('services/media/dist/config.js'),
    load('services/mailer/dist/config.js'),
    load('infra/dev-idp/dist/config.js'),
    load('infra/launcher/src/settings.mjs'),
  ]);
  return {
    schemas: {
      gateway: gateway.ZGatewayEnv,
      auth: auth.ZAuthEnv,
      events: events.ZEventsEnv,
      stands: stands.ZStandsEnv,
      media: media.ZMediaEnv,
      'media-worker': media.ZMediaWorkerEnv,
      mailer: mailer.ZMailerEnv,
    },
    sharedSchema: serverKit.ZServiceEnv,
    devIdpSettings: devIdp.DEV_IDP_SETTINGS,
    launcherSettings: launcher.LAUNCHER_SETTINGS,
  };
}

/** What docs/settings.md, README.md and .env.example should read now. */
export async function expectedSettingsDocs() {
  const { settings, readmeTable, rowsByApp } = renderSettingsDocs(await loadSettingsDeclarations());
  return {
    settings,
    readme: withReadmeTable(readFileSync(README_FILE, 'utf8'), readmeTable),
    envExample: renderEnvExample(rowsByApp, readFileSync(COMPOSE_FILE, 'utf8')),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { settings, readme, envExample } = await expectedSettingsDocs();
  writeFileSync(SETTINGS_FILE, settings);
  writeFileSync(README_FILE, readme);
  writeFileSync(ENV_EXAMPLE_FILE, envExample);
  process.stdout.write(
    `${path.relative(ROOT, SETTINGS_FILE)}, the npm start table in ${path.relative(ROOT, README_FILE)} and ${path.relative(ROOT, ENV_EXAMPLE_FILE)} written\n`,
  );
}
