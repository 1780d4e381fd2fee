// A real OpenID provider (oidc-provider) for the identity-provider sign-in tests, in a worker thread so its clock can be
// set apart from the portal's: `clockOffsetSeconds` makes it issue ID tokens from another time (an expired one), and
// `idTokenAudience` makes it misbehave, its ID tokens addressed to another client than the one that asked.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import Provider from 'oidc-provider';

const { clients, accounts, clockOffsetSeconds = 0, idTokenAudience } = workerData;
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
  if (idTokenAudience) {
    // oidc-provider always addresses an ID token to the client that asked; this one names another while it signs.
    const issue = provider.IdToken.prototype.issue;
    provider.IdToken.prototype.issue = function (options) {
      const client = this.client;
      this.client = new Proxy(client, {
        get: (target, key) => {
          if (key === 'clientId') return idTokenAudience;
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return issue.call(this, options).finally(() => {
        this.client = client;
      });
    };
  }
  provider.on('server_error', (_ctx, error) => parentPort.postMessage({ serverError: String(error) }));
  server.on('request', provider.callback());
  parentPort.postMessage({ issuer });
});
parentPort.on('message', (message) => {
  if (message === 'close') server.close(() => process.exit(0));
});
