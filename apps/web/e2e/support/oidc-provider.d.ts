// oidc-provider ships no types; the journeys use its constructor and its request handler only.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderAccount {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Array<{ client_id: string; client_secret: string; redirect_uris: string[] }>;
        findAccount(context: unknown, id: string): ProviderAccount | undefined;
        claims?: Record<string, string[]>;
        cookies?: { keys: string[] };
      },
    );
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
