import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** The PostgreSQL channel every instance listens on for what its live streams pass on (decision 0046). */
export const LIVE_CHANNEL = 'portal_live';

/**
 * What one instance tells the others (and itself): small, because NOTIFY carries at most 8,000 bytes and the streams
 * read what they send from the database. `a` is the account; a notification names its contact `c` and id `n`; a
 * ticket update its ticket `t` and the ticket's contact `tc` (null: none).
 */
export type LiveSignal = { a: number; c: number; n: number } | { a: number; t: number; tc: number | null };

/**
 * Sends the signal in the caller's transaction: PostgreSQL delivers a NOTIFY only when that transaction commits, so a
 * rolled-back change tells no stream. Transactional, so it works through a pooler in transaction mode too.
 */
export async function announceLive(executor: Executor, signal: LiveSignal): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
}

export interface LiveListener {
  /** Resolves once LISTEN is in place (connecting first if needed). */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One session of its own that LISTENs (a pooled connection may not keep it; decision 0038). A lost connection is
 * opened again after a pause; signals sent while it was down are lost, so `onGap` tells the streams to fetch again.
 */
export function createLiveListener(options: {
  connectionString: string;
  onSignal: (signal: LiveSignal) => void;
  onGap: () => void;
  onError: (error: unknown) => void;
  retryMs?: number;
}): LiveListener {
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let stopped = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'customer-portal-live' });
    next.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      try {
        options.onSignal(JSON.parse(message.payload) as LiveSignal);
      } catch (error) {
        options.onError(error);
      }
    });
    next.on('error', (error) => {
      options.onError(error);
      void reconnect(next);
    });
    next.on('end', () => void reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) await next.end().catch(() => undefined);
    else client = next;
  };

  const reconnect = async (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = undefined;
    options.onGap();
    while (!stopped && !client) {
      await sleep(options.retryMs ?? 1_000);
      if (stopped) return;
      connecting = undefined;
      await listener.ready().catch(options.onError);
    }
  };

  const listener: LiveListener = {
    ready() {
      if (client) return Promise.resolve();
      connecting ??= connect().catch((error: unknown) => {
        connecting = undefined;
        throw error;
      });
      return connecting;
    },
    async stop() {
      stopped = true;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
  return listener;
}
