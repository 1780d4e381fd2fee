import type { FastifyInstance } from 'fastify';
import { loginResult, successEnvelope, type LoginResult } from '@portal/contract';
import { TEST_PASSWORD } from './factories.js';
import type { SessionsService } from '../src/modules/auth/sessions.service.js';

/** Signs in through the real endpoint and returns the parsed login result. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<LoginResult> {
  const response = await app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  return successEnvelope(loginResult).parse(response.json()).result;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The provider's staff signed in as the person (the CLI's one-minute link, redeemed): the whole login result. */
export async function signInAsImpersonator(
  test: { app: FastifyInstance; container: { sessions: Pick<SessionsService, 'issueImpersonationUrl'> } },
  email: string,
  staff = 'Jordan Reyes (provider staff)',
): Promise<LoginResult> {
  const { url } = await test.container.sessions.issueImpersonationUrl(email, staff);
  const response = await test.app.inject({ method: 'POST', url: '/api/crm/auth/token-login', payload: { token: new URL(url).searchParams.get('token') } });
  if (response.statusCode !== 200) throw new Error(`impersonating ${email} failed: ${response.statusCode} ${response.body}`);
  return successEnvelope(loginResult).parse(response.json()).result;
}
