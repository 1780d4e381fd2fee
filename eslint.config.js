import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Dependency direction (ARCHITECTURE.md): web → contract ← server; in web app → features → shared
 * and no feature imports another; in server routes → service → repository → db, and services
 * never import Fastify.
 */
const webFeatures = ['auth', 'apps', 'profile', 'services', 'dashboard', 'users', 'billing', 'support-tools', 'it-assets', 'tickets'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/src/db/migrations/**'] },
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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**', '**/http/**'], message: 'db and platform know nothing of modules or HTTP.' }] },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@portal/server', '@portal/web'], message: 'The contract depends on nothing of the apps.' }] }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts', 'apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.policy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'Services, repositories and policies never know HTTP; keep Fastify in *.routes.ts.' }],
          patterns: [{ group: ['**/*.routes', '**/*.routes.js', '**/http/*'], message: 'Services never import the HTTP layer.' }],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'Repositories never know HTTP.' }],
          patterns: [{ group: ['**/*.service', '**/*.service.js', '**/*.routes', '**/*.routes.js', '**/http/*'], message: 'routes → service → repository → db, never back.' }],
        },
      ],
    },
  },
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts print; so do the contract-generated tests, which report what they covered.
    files: ['scripts/**', 'bench/**', 'apps/server/src/main.ts', 'apps/server/src/cli.ts', '**/*.config.{ts,js}', 'apps/server/test/**'],
    rules: { 'no-console': 'off' },
  },
);
