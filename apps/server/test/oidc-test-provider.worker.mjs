// A real OpenID provider (oidc-provider) for the identity-provider sign-in tests, in a worker thread so its clock can be
// set apart from the portal's: `clockOffsetSeconds` makes it issue ID tokens from another time (an expired one).
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import Provider from 'oidc-provider';

const { clients, accounts, clockOffsetSeconds = 0 } = workerData;
if (clockOffsetSeconds) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + clockOffsetSeconds * 1000;
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients,
    // Any login the test named, with the claims it gave; the password is not checked (the dev login page asks any).
    findAccount: (_ctx, id) => (accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    pkce: { required: () => true },
    ttl: { IdToken: 60, AccessToken: 60, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
    cookies: { keys: ['test-only-cookie-key'] },
  });
  provider.on('server_error', (_ctx, error) => parentPort.postMessage({ serverError: String(error) }));
  server.on('request', provider.callback());
  parentPort.postMessage({ issuer });
});
parentPort.on('message', (message) => {
  if (message === 'close') server.close(() => process.exit(0));
});
