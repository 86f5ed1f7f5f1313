// One lint configuration for the workspace. The boundaries rules are the module boundaries of
// ARCHITECTURE.md: web never imports a service, services never import each other, libs never
// import apps. They are enforced here, not by convention.
import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const APP_PACKAGES = ['auth', 'events', 'stands', 'media', 'mailer', 'gateway', 'web', 'dev-idp', 'dev-mail', 'launcher', 'e2e'].map((n) => `@flohmarkt/${n}`);

const appPackagesExcept = (own) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: APP_PACKAGES.filter((p) => p !== own), message: 'Apps never import other apps; share code through libs/.' }] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/tmp/**',
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '.nx/**',
      'k8s/**',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      'web/src/vite-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // NestJS reads constructor parameter types at run time (decorator metadata): imports used
      // there are values, and the type-import rule must know that.
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          project: ['libs/*', 'services/*', 'gateway', 'web', 'infra/*', 'e2e'].map((p) => `${ROOT}/${p}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        },
        node: true,
      },
      'boundaries/root-path': ROOT,
      'boundaries/include': ['libs/**', 'services/**', 'gateway/**', 'web/**', 'infra/**', 'e2e/**'],
      'boundaries/elements': [
        { type: 'lib', pattern: 'libs/*/**', mode: 'full', capture: ['name'] },
        { type: 'service', pattern: 'services/*/**', mode: 'full', capture: ['name'] },
        { type: 'gateway', pattern: 'gateway/**', mode: 'full' },
        // Inside the web app (first match wins): the app shell composes pages from features; a feature
        // keeps its internals to itself and shares only its `api/` (fetchers, query keys, hooks).
        { type: 'web-app', pattern: ['web/src/app/**', 'web/src/main.tsx'], mode: 'full' },
        // Test helpers render the whole app; every test may use them.
        { type: 'web-testing', pattern: 'web/src/testing/**', mode: 'full' },
        { type: 'web-feature-api', pattern: 'web/src/features/*/api/**', mode: 'full', capture: ['feature'] },
        { type: 'web-feature', pattern: 'web/src/features/*/**', mode: 'full', capture: ['feature'] },
        { type: 'web', pattern: 'web/**', mode: 'full' },
        { type: 'infra', pattern: 'infra/*/**', mode: 'full', capture: ['name'] },
        { type: 'e2e', pattern: 'e2e/**', mode: 'full' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (module boundaries, see ARCHITECTURE.md)',
          rules: [
            { from: 'lib', allow: ['lib'] },
            { from: 'service', allow: ['lib', ['service', { name: '${from.name}' }]] },
            { from: 'gateway', allow: ['lib', 'gateway'] },
            // Of the libs, web takes the contracts and the route planner (pure code that plans in the browser).
            // 'web' is the shared layer (components, lib, hooks): it never reaches into a feature's internals.
            { from: 'web', allow: [['lib', { name: 'contracts' }], ['lib', { name: 'route-planner' }], 'web', 'web-testing', 'web-feature-api'] },
            {
              from: ['web-app', 'web-testing'],
              allow: [['lib', { name: 'contracts' }], ['lib', { name: 'route-planner' }], 'web', 'web-app', 'web-testing', 'web-feature', 'web-feature-api'],
            },
            // A feature: its own files, the shared layer, and other features' api/ only (one owner per query key).
            {
              from: ['web-feature', 'web-feature-api'],
              allow: [
                ['lib', { name: 'contracts' }],
                ['lib', { name: 'route-planner' }],
                'web',
                'web-testing',
                'web-feature-api',
                ['web-feature', { feature: '${from.feature}' }],
              ],
            },
            // Tools (benchmarks, deploy checks) may use the launcher to start a stack.
            { from: 'infra', allow: ['lib', ['infra', { name: '${from.name}' }], ['infra', { name: 'launcher' }]] },
            // Benchmarks time a service's own code (its search SQL, its image pipeline) outside the
            // service; they load its build output, and nothing ever imports a benchmark.
            { from: [['infra', { name: 'bench' }]], allow: ['service'] },
            { from: 'e2e', allow: ['lib', 'infra', 'e2e'] },
          ],
        },
      ],
    },
  },
  { files: ['libs/**'], rules: appPackagesExcept(null) },
  { files: ['services/auth/**'], rules: appPackagesExcept('@flohmarkt/auth') },
  { files: ['services/events/**'], rules: appPackagesExcept('@flohmarkt/events') },
  { files: ['services/stands/**'], rules: appPackagesExcept('@flohmarkt/stands') },
  { files: ['services/media/**'], rules: appPackagesExcept('@flohmarkt/media') },
  { files: ['services/mailer/**'], rules: appPackagesExcept('@flohmarkt/mailer') },
  { files: ['gateway/**'], rules: appPackagesExcept('@flohmarkt/gateway') },
  {
    files: ['web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...APP_PACKAGES.filter((p) => p !== '@flohmarkt/web'), '@flohmarkt/server-kit'],
              message: 'The web app talks to /api only; of the libs it imports @flohmarkt/contracts and @flohmarkt/route-planner.',
            },
          ],
        },
      ],
    },
  },
);
