import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_CONFLICT_MESSAGE } from '../db/transaction.js';
import { AppError } from '../platform/app-error.js';
import { installErrorHandler } from './error-handler.js';

/** A server whose one route throws `error`, and the log lines it wrote while answering. */
async function answer(error: Error) {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  installErrorHandler(app);
  app.get('/fails', () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return { response, messages: lines.map((line) => line.msg) };
}

describe('the error handler’s log of a 503', () => {
  it('names a race lost on every retry as such, not as the database being away', async () => {
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' });
    const exhausted = Object.assign(new AppError('unavailable', TRANSACTION_CONFLICT_MESSAGE, undefined, { 'retry-after': '1' }), { cause: conflict });
    const { response, messages } = await answer(exhausted);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(messages).toContain('transaction conflicts outlasted every retry');
    expect(messages).not.toContain('database unavailable');
  });

  it('names a refused connection "database unavailable", with Retry-After', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { response, messages } = await answer(refused);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(messages).toContain('database unavailable');
  });
});
