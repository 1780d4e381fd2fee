import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependency direction (docs/architecture.md): web → contract ← server; in web app → features → shared
 * and no feature imports another; in server routes → service → repository → db, and services
 * never import Fastify.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const wholeEndpointsImport = {
  name: '@portal/contract',
  importNames: ['endpoints'],
  message: 'Import the endpoint group instead, e.g. ticketsEndpoints.listTickets.',
};

const demoSeed = ['**/seed/**', '**/seed/*', '../seed', '../../seed'];
const demoSeedMessage = 'Only the entries (serve.ts, cli.ts) and tests import the demo data; the server and the database layer are given it.';
const transactionThroughTheHelper = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Open a transaction with inTransaction(db, work) from db/transaction.ts: it runs the work again after a deadlock or a serialization failure.',
};
const jobLibraryThroughTheQueue = {
  selector: "ImportDeclaration[source.value='pg-boss']",
  message: 'Background work goes through platform/job-queue.ts (docs/decisions/0040), the one file that knows the job library.',
};

/** Another module's internals: a module is used through its public entry, modules/<cap>/index.ts (decision 0041). */
const otherModuleInternals = {
  group: ['../*/*', '!../../**', '!../*/index.js', '!../*/*.repository', '!../*/*.repository.js'],
  message: 'Use another module only through its index.ts (modules/<cap>/index.ts, decision 0041).',
};
const otherModulesRepository = {
  group: ['../*/*.repository', '../*/*.repository.js'],
  message: 'Never import another module’s repository; call what its index.ts exports.',
};
/** SQL is a repository's: only *.repository.ts (and db/) import drizzle or the tables; a type may be imported anywhere. */
const sqlOutsideRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
  allowTypeImports: true,
  message: 'Only a repository (*.repository.ts) writes SQL or names the tables (decision 0041).',
};
const httpInRules = { group: ['**/*.routes', '**/*.routes.js', '**/http/*'], message: 'Services, repositories and policies never import the HTTP layer.' };
const upwardFromRepository = {
  group: ['**/*.service', '**/*.service.js', '**/*.routes', '**/*.routes.js', '**/http/*'],
  message: 'routes → service → repository → db, never back.',
};

/**
 * The rules of apps/server/src/modules by the kind of file: every file uses other modules only through their index.ts
 * and never their repository; only repositories import drizzle or the tables; services, repositories and policies
 * know no HTTP; a repository nothing above it. By folder and role, so a file without a suffix is held to them too.
 */
function moduleImportRules() {
  const base = 'apps/server/src/modules/**';
  const rules = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });
  const noFastify = (what) => [{ name: 'fastify', message: `${what} never know HTTP; keep Fastify in *.routes.ts.` }];
  return [
    {
      files: [`${base}/*.ts`],
      ignores: [`${base}/*.test.ts`, `${base}/*.repository.ts`, `${base}/*.service.ts`, `${base}/*.policy.ts`],
      rules: rules([otherModuleInternals, otherModulesRepository, sqlOutsideRepositories]),
    },
    {
      files: [`${base}/*.service.ts`, `${base}/*.policy.ts`],
      rules: rules([otherModuleInternals, otherModulesRepository, sqlOutsideRepositories, httpInRules], noFastify('Services and policies')),
    },
    {
      files: [`${base}/*.repository.ts`],
      rules: rules([otherModuleInternals, otherModulesRepository, upwardFromRepository], noFastify('Repositories')),
    },
    {
      // The domain events and their consumers use the modules through their public entries too, and write no SQL of
      // their own (the recorder's one insert is its repository's).
      files: ['apps/server/src/events/*.ts', 'apps/server/src/consumers/*.ts'],
      ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.repository.ts'],
      rules: rules([
        { group: ['**/modules/*/*', '!**/modules/*/index.js'], message: 'Use a module only through its index.ts (decision 0041).' },
        sqlOutsideRepositories,
      ]),
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-prerender/**',
      'release/**',
      '**/node_modules/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server only through the contract.' },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
            { target: './packages/contract', from: './apps', message: 'The contract depends on nothing of the apps.' },
            { target: './apps/web/src/shared', from: './apps/web/src/features', message: 'shared must not depend on features.' },
            { target: './apps/web/src/shared', from: './apps/web/src/app', message: 'shared must not depend on app.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not depend on app.' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; move shared code to src/shared.',
            })),
          ],
        },
      ],
    },
  },
  {
    // The server imports with .js suffixes, which the node resolver cannot map to .ts files, so its
    // layering is checked by import path patterns.
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/platform/**/*.ts'],
    // Tests beside the code may bring the demo data (the backup round trips back up a seeded database).
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/http/**', '**/events/**', '**/consumers/**', '**/background/**'],
              message: 'db and platform know nothing of modules or HTTP.',
            },
            { group: demoSeed, message: demoSeedMessage },
          ],
        },
      ],
    },
  },
  {
    // platform holds adapters to the outside world (tokens, mail transport, hashing, crypto); the
    // database is below the modules, never below platform.
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/http/**', '**/events/**', '**/consumers/**', '**/background/**'],
              message: 'db and platform know nothing of modules or HTTP.',
            },
            { group: ['**/db/**', '**/db/*'], message: 'platform never imports db; a store it needs is injected (see platform/mail.ts MailOutbox).' },
            { group: demoSeed, message: demoSeedMessage },
          ],
        },
      ],
    },
  },
  {
    // The server, the app and the modules run without demo data; the entries that want it (serve.ts, cli.ts) inject it.
    files: ['apps/server/src/server.ts', 'apps/server/src/app.ts', 'apps/server/src/routes.ts', 'apps/server/src/http/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: demoSeed, message: demoSeedMessage }] }] },
  },
  {
    // Every transaction of the server goes through the one helper that retries a deadlock or a
    // serialization failure from the start (docs/decisions/0030); tests may open their own.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': ['error', transactionThroughTheHelper, jobLibraryThroughTheQueue],
    },
  },
  {
    // The job queue's adapter is the one file that knows the library (docs/decisions/0040).
    files: ['apps/server/src/platform/job-queue.ts'],
    rules: { 'no-restricted-syntax': ['error', transactionThroughTheHelper] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@portal/server', '@portal/web'], message: 'The contract depends on nothing of the apps.' }] },
      ],
    },
  },
  // The modules (docs/architecture.md, decision 0041). One list of patterns per kind of file, built here, because a
  // later block's no-restricted-imports replaces an earlier one's for the files both match.
  ...moduleImportRules(),
  {
    // The API client takes the token from the session itself (shared/session): a screen, query or
    // hook never receives, passes or reads one.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='accessToken']", message: 'Features never handle the access token; apiCall takes it from the session.' },
        { selector: "Identifier[name='access_token']", message: 'Features never handle the access token; apiCall takes it from the session.' },
      ],
    },
  },
  {
    // The whole `endpoints` object holds every schema of the API; the web app names a group, so that a screen's
    // bundle carries, and a phone builds at start-up, the schemas of its own calls only (decision 0022).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [wholeEndpointsImport] }],
    },
  },
  {
    // The spec-shaped calls are test data (docs/decisions/0029): the app itself never carries them.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [wholeEndpointsImport, { name: '@portal/contract/spec-shaped', message: 'Spec-shaped calls are test data; only tests import them.' }] },
      ],
    },
  },
  {
    // The browser's: the app, and the plain script that sets the theme before it starts.
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts print; so do the contract-generated tests, which report what they covered.
    files: [
      'scripts/**',
      'bench/**',
      'apps/server/src/serve.ts',
      'apps/server/src/server.ts',
      'apps/server/src/cli.ts',
      '**/*.config.{ts,js}',
      'apps/server/test/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
