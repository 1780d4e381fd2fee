/**
 * What the cluster test (run.ts) and the failover test (bench/failover/run.ts) share: the environment every instance
 * of release/ gets, how one is started as the release's own start command would, and the run's checks.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from './processes.js';
import { parseStartScript } from '../../scripts/start-script.mjs';

/**
 * The environment shared by every instance of a run: the same database and secrets (so each accepts the others'
 * sign-ins), behind the load balancer, with the demo data. The load signs in as few contacts, so the request budget
 * (decision 0009, tested on its own) is lifted.
 */
export function releaseInstanceEnv({ databaseUrl, publicUrl, dataDir }: { databaseUrl: string; publicUrl: string; dataDir: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    TOKEN_SECRET: randomBytes(32).toString('base64url'),
    VAULT_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    SEED_DEMO_DATA: 'true',
    API_REQUESTS_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
    PORTAL_DATA_DIR: dataDir,
  };
}

/** The release's own start command (release/package.json, from apps/server's start script); read once the release is built. */
function releaseStart(root: string) {
  return parseStartScript((JSON.parse(readFileSync(join(root, 'release/package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start);
}

/** One instance of release/ on `port`, its output in `logFile`. */
export function startReleaseInstance({ root, env, port, logFile }: { root: string; env: NodeJS.ProcessEnv; port: number; logFile: string }) {
  const start = releaseStart(root);
  return launch(process.execPath, [...start.flags, 'release/server/main.js'], { cwd: root, env: { ...start.env, ...env, PORT: String(port) }, logFile });
}

/** The run's assertions: each printed as it is made, the failed ones kept for the exit code. */
export function createChecks() {
  const failures: string[] = [];
  const check = (condition: boolean, message: string) => {
    console.log(`${condition ? '  ok  ' : '  FAIL'}  ${message}`);
    if (!condition) failures.push(message);
  };
  return { check, failures };
}
