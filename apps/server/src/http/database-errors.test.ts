import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { installErrorHandler } from './error-handler.js';

/*
 * PostgreSQL's refusals that the caller caused become a 4xx in one place (docs/architecture.md, the
 * request pipeline). Each case runs a statement that really fails that way on a real PostgreSQL,
 * through drizzle (which wraps the driver's error), and the error handler answers it.
 */
const CASES: [state: string, statement: string, status: number, message: RegExp][] = [
  ['22021 invalid UTF-8', `SELECT convert_from('\\xc328'::bytea, 'UTF8')`, 400, /not valid Unicode/],
  ['22P05 untranslatable', `SELECT convert_to('€', 'LATIN1')`, 400, /not valid Unicode/],
  ['22003 out of range', `SELECT 4294967296::int4`, 400, /out of range/],
  ['22P02 wrong type', `SELECT 'abc'::int4`, 400, /not of the expected type/],
  ['22001 too long', `INSERT INTO error_probe (id, code) VALUES (1, 'abcdef')`, 400, /too long/],
  ['22007 not a date', `SELECT 'someday'::date`, 400, /date in the request is not valid/],
  ['22008 date out of range', `SELECT '2026-13-45'::date`, 400, /date in the request is out of range/],
  ['23503 foreign key', `INSERT INTO error_probe (id, parent_id) VALUES (2, 999)`, 409, /does not exist, or to one that is still in use/],
  ['23505 unique', `INSERT INTO error_probe (id) VALUES (3), (3)`, 409, /already exists/],
];

describe('database errors that are the caller’s fault answer 4xx; others stay 500', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('CREATE TABLE error_probe (id int PRIMARY KEY, code varchar(3), parent_id int REFERENCES error_probe (id))');
    app = Fastify();
    installErrorHandler(app);
    app.post<{ Body: { statement: string } }>('/run', async (request) => {
      await database.db.execute(sql.raw(request.body.statement));
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const run = (statement: string) => app.inject({ method: 'POST', url: '/run', payload: { statement } });

  it.each(CASES)('%s → %i', async (_state, statement, status, message) => {
    const response = await run(statement);
    expect(response.statusCode).toBe(status);
    const body = errorEnvelope.parse(response.json());
    expect(body.message).toMatch(message);
    expect(body.code).toBe(status === 409 ? 'conflict' : 'validation_failed');
  });

  it('an error that is ours (division by zero) stays a 500 that says nothing of the inside, with the request id', async () => {
    const response = await run('SELECT 1 / 0');
    expect(response.statusCode).toBe(500);
    const body = errorEnvelope.parse(response.json());
    expect(body.message).not.toMatch(/division|zero|SELECT/i);
    expect(body.request_id).toBeTruthy();
  });
});
