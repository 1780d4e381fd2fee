import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/paths.js';

/**
 * The server's layer rules (eslint.config.js, docs/architecture.md) hold on probe files: code that breaks a rule, linted
 * as if it stood at a path of the server, is refused with the rule's message, and the same code where it belongs is not.
 */
describe('the server’s layer rules, on probe files', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: REPO_ROOT });
  });

  const messagesOf = async (path: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${path}` });
    return result!.messages.map((message) => message.message);
  };

  it('only platform/job-queue.ts imports the job library', async () => {
    const probe = "import PgBoss from 'pg-boss';\nexport const queue = PgBoss;\n";
    expect(await messagesOf('apps/server/src/modules/billing/probe.ts', probe)).toEqual([expect.stringContaining('platform/job-queue.ts')]);
    expect(await messagesOf('apps/server/src/platform/job-queue.ts', probe)).toEqual([]);
  });

  it('no module imports another module’s repository', async () => {
    const probe = "import { findTicket } from '../tickets/tickets.repository.js';\nexport const probe = findTicket;\n";
    expect(await messagesOf('apps/server/src/modules/dashboard/probe.ts', probe)).toEqual([expect.stringContaining('another module’s repository')]);
  });

  it('a module uses another only through its index.ts, by folder whatever the file is called', async () => {
    const internals = "import { createTicketSync } from '../tickets/ticket-sync.js';\nexport const probe = createTicketSync;\n";
    expect(await messagesOf('apps/server/src/modules/provider/probe.ts', internals)).toEqual([expect.stringContaining('only through its index.ts')]);
    expect(await messagesOf('apps/server/src/modules/provider/probe.service.ts', internals)).toEqual([expect.stringContaining('only through its index.ts')]);
    const entry = "import { createTicketSync } from '../tickets/index.js';\nexport const probe = createTicketSync;\n";
    expect(await messagesOf('apps/server/src/modules/provider/probe.ts', entry)).toEqual([]);
    expect(
      await messagesOf('apps/server/src/consumers/probe.ts', "import { x } from '../modules/tickets/tickets.mails.js';\nexport const probe = x;\n"),
    ).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it('only a repository imports drizzle and the tables (a type may be named anywhere)', async () => {
    const sql = "import { sql } from 'drizzle-orm';\nimport { tickets } from '../../db/schema/index.js';\nexport const probe = [sql, tickets];\n";
    const refusal = expect.stringContaining('Only a repository');
    expect(await messagesOf('apps/server/src/modules/tickets/probe.ts', sql)).toEqual([refusal, refusal]);
    expect(await messagesOf('apps/server/src/modules/provider/probe-tickets.ts', sql)).toEqual([refusal, refusal]);
    expect(await messagesOf('apps/server/src/modules/tickets/probe.repository.ts', sql)).toEqual([]);
    const typeOnly = "import type { SQL } from 'drizzle-orm';\nexport type Probe = SQL;\n";
    expect(await messagesOf('apps/server/src/modules/tickets/probe.ts', typeOnly)).toEqual([]);
  });

  it('platform and db know nothing of modules, and platform nothing of db', async () => {
    const ofModules = "import { sweepExpired } from '../modules/maintenance/sweep.js';\nexport const probe = sweepExpired;\n";
    expect(await messagesOf('apps/server/src/db/probe.ts', ofModules)).toEqual([expect.stringContaining('know nothing of modules')]);
    const ofDb = "import { inTransaction } from '../db/transaction.js';\nexport const probe = inTransaction;\n";
    expect(await messagesOf('apps/server/src/platform/probe.ts', ofDb)).toEqual([expect.stringContaining('platform never imports db')]);
  });

  it('the database layer and the server know no demo data; the entry brings it', async () => {
    const probe = "import { demoDataOnEmptyDatabase } from '../../seed/index.js';\nexport const probe = demoDataOnEmptyDatabase;\n";
    expect(await messagesOf('apps/server/src/db/probe.ts', probe)).toEqual([expect.stringContaining('Only the entries')]);
    const fromServer = "import { demoDataOnEmptyDatabase } from '../seed/index.js';\nexport const probe = demoDataOnEmptyDatabase;\n";
    expect(await messagesOf('apps/server/src/server.ts', fromServer)).toEqual([expect.stringContaining('Only the entries')]);
    expect(await messagesOf('apps/server/src/serve.ts', fromServer)).toEqual([]);
  });

  it('every transaction goes through inTransaction', async () => {
    const probe = 'export const probe = (db: { transaction: (work: () => void) => void }) => db.transaction(() => undefined);\n';
    expect(await messagesOf('apps/server/src/modules/tickets/probe.ts', probe)).toEqual([expect.stringContaining('inTransaction(db, work)')]);
  });
});
