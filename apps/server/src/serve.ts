import { DEMO_PASSWORD, DEMO_USERS, demoDataOnEmptyDatabase } from '../seed/index.js';
import { startServer } from './server.js';

/*
 * `npm start`'s entry (compiled to dist/bin/main.js and release/server/main.js): the server, with the demo data for an
 * empty database when SEED_DEMO_DATA is on, and the demo sign-ins in its banner. The server and the database layer know
 * no demo data; this entry brings it.
 */
await startServer({
  startupData: demoDataOnEmptyDatabase,
  bannerLines: (config) =>
    config.seedDemoData
      ? [`  Demo sign-ins (password ${DEMO_PASSWORD}):`, ...DEMO_USERS.map((user) => `    ${user.email.padEnd(28)} ${user.description}`), '']
      : [],
});
