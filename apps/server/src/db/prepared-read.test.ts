import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTicket } from '../../test/factories.js';
import { createTestDatabase } from '../../test/database.js';
import { connectDatabase, type DatabaseHandle } from './client.js';
import { preparedRead } from './prepared-read.js';
import { tickets } from './schema/index.js';

describe('preparedRead', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('gives the rows drizzle gives for the same select: every type as the schema declares it', async () => {
    const { db } = handle;
    const account = await createAccount(db);
    await createTicket(db, {
      accountId: account.id,
      subject: 'Printer jam',
      timeRounded: 1.25,
      isBillable: true,
      dueDate: new Date('2026-12-01T09:30:00.123Z'),
    });
    await createTicket(db, { accountId: account.id, subject: 'No due date', externalId: 'psa-7' });
    const columns = {
      id: tickets.id,
      externalId: tickets.externalId,
      subject: tickets.subject,
      status: tickets.status,
      isBillable: tickets.isBillable,
      timeRounded: tickets.timeRounded,
      createdAt: tickets.createdAt,
      dueDate: tickets.dueDate,
      upper: sql<string>`upper(${tickets.subject})`,
    };
    const select = () =>
      db
        .select(columns)
        .from(tickets)
        .where(eq(tickets.accountId, sql.placeholder('accountId')))
        .orderBy(tickets.id);
    const read = preparedRead(db, 'prepared_read_test', select);
    // Built once per database and name: the same read comes back, the builder is not called again.
    expect(preparedRead(db, 'prepared_read_test', () => expect.unreachable('built twice'))).toBe(read);

    const expected = await select().execute({ accountId: account.id });
    const rows = await read.run({ accountId: account.id });
    expect(rows).toEqual(expected);
    expect(rows[0]!.dueDate).toBeInstanceOf(Date);
    expect(rows[0]!.timeRounded).toBe(1.25);
    expect(rows[1]).toMatchObject({ externalId: 'psa-7', dueDate: null, isBillable: false, upper: 'NO DUE DATE' });
    // Run again on the statement the connection has already prepared, with another value.
    expect(await read.run({ accountId: account.id + 1_000_000 })).toEqual([]);
  });

  it('refuses a selection whose SQL returns other columns than it names (a nested object)', async () => {
    const { db } = handle;
    const read = preparedRead(db, 'prepared_read_nested', () =>
      db
        .select({ id: tickets.id, about: { subject: tickets.subject, status: tickets.status } })
        .from(tickets)
        .limit(1),
    );
    await expect(read.run({})).rejects.toThrow(/returned 3 columns where 2 were selected/);
  });

  it('names no statement on a database connected without them (DATABASE_PREPARED_STATEMENTS=false), and reads the same rows', async () => {
    const account = await createAccount(handle.db);
    await createTicket(handle.db, { accountId: account.id, subject: 'Behind a pooler' });
    const url = (handle.pool.options as { connectionString: string }).connectionString;
    // One connection each, so the statements PostgreSQL keeps for it (pg_prepared_statements) are the reads' own.
    const named = connectDatabase(url, { max: 1 });
    const unnamed = connectDatabase(url, { max: 1, namedStatements: false });
    try {
      const select = (db: DatabaseHandle['db']) => () =>
        db
          .select({ id: tickets.id, subject: tickets.subject })
          .from(tickets)
          .where(eq(tickets.accountId, sql.placeholder('accountId')));
      const keptStatements = async ({ pool }: DatabaseHandle) =>
        (await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.map((row) => row.name);

      const rows = await preparedRead(unnamed.db, 'prepared_read_unnamed', select(unnamed.db)).run({ accountId: account.id });
      await preparedRead(unnamed.db, 'prepared_read_unnamed', select(unnamed.db)).run({ accountId: account.id });
      expect(rows).toEqual([{ id: expect.any(Number), subject: 'Behind a pooler' }]);
      expect(await keptStatements(unnamed)).toEqual([]);

      // The same read with names on (the default) leaves its statement on the connection: the check above can see one.
      expect(await preparedRead(named.db, 'prepared_read_named', select(named.db)).run({ accountId: account.id })).toEqual(rows);
      expect(await keptStatements(named)).toEqual(['prepared_read_named']);
    } finally {
      await named.close();
      await unnamed.close();
    }
  });
});
