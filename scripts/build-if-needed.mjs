// Builds what `npm start` serves when its output is missing or older than any of its sources: the
// web app (Vite: the app, and the program that prerenders its signed-out pages) and the compiled server
// (esbuild), so `npm start` on a fresh clone just works and a second start does not rebuild for nothing.
// With --release, also the release folder (scripts/build-release.mjs) that the cluster test runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const TARGETS = [
  {
    name: 'web app',
    // Both halves of the web build (decision 0022): a missing prerender program rebuilds it too.
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-prerender/prerender.js'],
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'packages/contract/src',
      'package-lock.json',
    ],
    build: ['run', '--workspace', 'apps/web', 'build'],
  },
  {
    name: 'server',
    outputs: ['apps/server/dist/bin/main.js'],
    sources: ['apps/server/src', 'apps/server/seed', 'packages/contract/src', 'scripts/build-server.mjs', 'scripts/server-bundle.mjs', 'package-lock.json'],
    build: ['run', 'build:server'],
  },
  ...(process.argv.includes('--release')
    ? [
        {
          name: 'release folder',
          outputs: ['release/server/main.js', 'release/web-prerender/prerender.js'],
          sources: [
            'apps/web/dist/index.html',
            'apps/web/dist-prerender/prerender.js',
            'apps/server/dist/bin/main.js',
            'apps/server/src/db/migrations',
            'scripts/build-release.mjs',
            'package-lock.json',
          ],
          build: ['run', 'build:release'],
        },
      ]
    : []),
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

for (const target of TARGETS) {
  // The oldest output: a missing one counts as never built.
  const builtAt = Math.min(...target.outputs.map((output) => (existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0)));
  const changedAt = Math.max(...target.sources.map((source) => newestChange(join(root, source))));
  if (builtAt >= changedAt) {
    console.log(`${target.name} is up to date (${target.outputs.join(', ')})`);
    continue;
  }
  console.log(builtAt ? `${target.name} sources changed; rebuilding…` : `building the ${target.name}…`);
  const result = spawnSync('npm', target.build, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
