import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one file per core but one: a single file at a time on a two-core machine, which leaves most
    // of it waiting on PostgreSQL (each server test file has a database of its own). Two at least: `npm test` took 9
    // minutes there instead of 20 (decision 0053).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
