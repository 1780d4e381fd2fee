import type { FastifyInstance } from 'fastify';
import { loginResult, successEnvelope, type LoginResult } from '@portal/contract';
import { TEST_PASSWORD } from './factories.js';

/** Signs in through the real endpoint and returns the parsed login result. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<LoginResult> {
  const response = await app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  return successEnvelope(loginResult).parse(response.json()).result;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
