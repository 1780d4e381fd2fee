import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** E2E_PORT moves a run off the default ports, so two runs on one machine do not collide. */
const port = Number(process.env.E2E_PORT ?? 8181);
/** The e2e server's own embedded PostgreSQL port and data folder, fresh for every run (demo data only). */
export const E2E_ENV = { PORT: String(port), PORTAL_DATA_DIR: `.data/e2e-${port}`, EMBEDDED_PG_PORT: String(port + 46200) };
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, as root, on a machine with no network but loopback (docs/architecture.md, testing). */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * End-to-end journeys in Debian's Chromium against the built portal (`npm start` serves the web
 * build, /config.js and /api from one process, on a database of its own under .data/e2e).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Dates follow the browser's language (decision 0035); the journeys read them in en-US.
    locale: 'en-US',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf ${E2E_ENV.PORTAL_DATA_DIR} && npm start`,
    cwd: repoRoot,
    // Info level, into a file of its own: scripts/check-log-secrets.mjs reads it after the run (decision 0024).
    env: { ...E2E_ENV, LOG_LEVEL: 'info', LOG_FILE: `${E2E_ENV.PORTAL_DATA_DIR}/server.log` },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stderr: 'pipe',
  },
});
