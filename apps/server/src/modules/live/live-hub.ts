import { createLiveListener, type LiveSignal } from '../../db/live-channel.js';
import type { Logger } from '../../platform/logger.js';
import type { Caller } from '../auth/index.js';
import { ticketScopeOf } from '../tickets/index.js';

/** One open stream, as the hub sees it: whose it is (kept current by its session checks) and what to do with a signal. */
export interface LiveSubscriber {
  caller: Caller;
  notification(id: number): void;
  ticket(id: number): void;
  /** Signals may have been missed: the stream tells its screen to fetch again. */
  gap(): void;
  /** The instance is closing. */
  close(): void;
}

export interface LiveHub {
  /** Resolves once this instance listens (the first stream opens the listening connection). */
  ready(): Promise<void>;
  subscribe(subscriber: LiveSubscriber): () => void;
  /** How many streams are open on this instance (metrics, the benchmark). */
  size(): number;
  /** Ends every stream, then stops listening. */
  close(): Promise<void>;
}

/**
 * This instance's live streams and the one LISTEN connection they share (decision 0046). A signal reaches only the
 * streams of its account, and of those: a notification only its contact's; a ticket update only those whose caller
 * sees the ticket (tickets.policy.ts: the whole account's, or the tickets assigned to them).
 */
export function createLiveHub({ connectionString, logger }: { connectionString: string; logger: Logger }): LiveHub {
  const byAccount = new Map<number, Set<LiveSubscriber>>();
  const each = (work: (subscriber: LiveSubscriber) => void) => {
    for (const subscribers of byAccount.values()) for (const subscriber of subscribers) work(subscriber);
  };

  const dispatch = (signal: LiveSignal) => {
    for (const subscriber of byAccount.get(signal.a) ?? []) {
      const { caller } = subscriber;
      if (caller.accountId !== signal.a) continue;
      if ('n' in signal) {
        if (caller.contactId === signal.c) subscriber.notification(signal.n);
      } else {
        const scope = ticketScopeOf(caller);
        if (scope.assignedContactId === null || scope.assignedContactId === signal.tc) subscriber.ticket(signal.t);
      }
    }
  };

  const listener = createLiveListener({
    connectionString,
    onSignal: dispatch,
    onGap: () => each((subscriber) => subscriber.gap()),
    onError: (error) => logger.warn({ err: error }, 'live updates: the LISTEN connection failed; opening it again'),
  });

  return {
    ready: () => listener.ready(),
    subscribe(subscriber) {
      const accountId = subscriber.caller.accountId;
      const subscribers = byAccount.get(accountId) ?? new Set();
      byAccount.set(accountId, subscribers.add(subscriber));
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) byAccount.delete(accountId);
      };
    },
    size: () => [...byAccount.values()].reduce((sum, subscribers) => sum + subscribers.size, 0),
    async close() {
      each((subscriber) => subscriber.close());
      byAccount.clear();
      await listener.stop();
    },
  };
}
