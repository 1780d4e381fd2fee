import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildSerializerOnFirstUse, buildValidatorOnFirstUse } from './schema-compilers-on-first-use.js';

const compilersFactory = { buildValidator: buildValidatorOnFirstUse, buildSerializer: buildSerializerOnFirstUse };

describe('Fastify’s schema compilers, loaded on first use', () => {
  it('still validates a route that brings its own JSON Schema (a plugin’s, say)', async () => {
    const app = Fastify({ schemaController: { compilersFactory } });
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

  it('serializes by the route’s response schema: only the schema’s fields go out, each per its type', async () => {
    const app = Fastify({ schemaController: { compilersFactory } });
    const response = { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } };
    app.get('/person', { schema: { response } }, async () => ({ id: '7', name: 'Ada', passwordHash: 'never sent' }));
    app.get('/other', { schema: { response } }, async () => ({ id: 8, name: 'Grace' }));
    await app.ready();
    for (const _ of [1, 2]) {
      const answer = await app.inject({ method: 'GET', url: '/person' });
      // A plain JSON.stringify would send "7" as a string and the hash: the schema's serializer did the work.
      expect(answer.body).toBe('{"id":7,"name":"Ada"}');
    }
    expect((await app.inject({ method: 'GET', url: '/other' })).body).toBe('{"id":8,"name":"Grace"}');
    await app.close();
  });
});
