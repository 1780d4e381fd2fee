/**
 * A second instance for job-queue.test.ts: works the queue named on the command line, says "started <job>" when it
 * takes a job, and never finishes it, so the test can kill it in the middle of its work.
 */
import pg from 'pg';
import { startJobQueue } from '../src/platform/job-queue.js';
import { createLogger } from '../src/platform/logger.js';

const [connectionString, queue] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString, max: 2 });
const jobs = await startJobQueue({ pool, logger: createLogger('silent'), pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
await jobs.work<{ n: number }>(
  queue!,
  async (data) => {
    process.stdout.write(`started ${data.n}\n`);
    await new Promise(() => undefined);
  },
  { expireInSeconds: 2 },
);
process.stdout.write('ready\n');
