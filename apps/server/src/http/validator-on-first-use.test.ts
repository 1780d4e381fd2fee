import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildValidatorOnFirstUse } from './validator-on-first-use.js';

describe('Fastify’s validator, loaded on first use', () => {
  it('still validates a route that brings its own JSON Schema (a plugin’s, say)', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildValidator: buildValidatorOnFirstUse } } });
    app.post(
      '/echo',
      { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } } } },
      async (request) => request.body,
    );
    const refused = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/name/);
    const accepted = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Ada' } });
    expect(accepted.json()).toEqual({ name: 'Ada' });
    await app.close();
  });
});
