import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Counts API handlers still running. Closing the server waits for open connections, but not for a
 * handler whose client already hung up; waiting for this count keeps such a handler from finding
 * the database closed under it during shutdown.
 */
export interface InFlight {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when no handler runs, or after the timeout. */
  settled(timeoutMs: number): Promise<void>;
}

export function createInFlight(): InFlight {
  let running = 0;
  return {
    async run(work) {
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
      }
    },
    async settled(timeoutMs) {
      for (let waited = 0; running > 0 && waited < timeoutMs; waited += 20) await sleep(20);
    },
  };
}
