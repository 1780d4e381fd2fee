/**
 * Gives an instance's young generation back to the system once it goes quiet (issue 34, decision 0052).
 *
 * `npm start` runs V8 with 8 MB semi-spaces (decision 0028: a ticket page's garbage dies young, 40 % less CPU per
 * answer than with 4). Under load the young generation grows to 16 MB, and V8 shrinks it again only in a garbage
 * collection that sees a low allocation rate: an instance that goes quiet allocates too little to collect at all,
 * so it kept the 16 MB (an idle RSS of 117-122 MB instead of 100-105, by chance of when its last collection fell).
 * One full collection after a quiet spell, at most once per spell, shrinks it at once: 5-11 ms on this heap.
 *
 * It needs `gc`, which Node exposes with `--expose-gc` (in apps/server's `start` script, copied by the release); a
 * server started without it (tests, `npm run dev`) keeps its memory as V8 decides.
 */
export interface IdleCollector {
  /** Something happened (a request answered): the quiet spell starts again, and ends in a collection. */
  active(): void;
  stop(): void;
}

export interface IdleCollectorOptions {
  /** How long without activity counts as quiet. */
  quietMs?: number;
  /** V8's collector (`globalThis.gc`, present with --expose-gc); undefined: nothing is collected. */
  collect: typeof globalThis.gc;
  /** Reports each collection: how long it took. */
  onCollected?: (durationMs: number) => void;
}

export const QUIET_MS = 10_000;

export function collectWhenIdle({ quietMs = QUIET_MS, collect, onCollected }: IdleCollectorOptions): IdleCollector {
  if (!collect) return { active: () => {}, stop: () => {} };
  let lastActivity = 0;
  let collectedSinceActivity = true;
  // Checked a few times per quiet spell rather than re-armed per request: a busy instance only writes two fields.
  const timer = setInterval(() => {
    if (collectedSinceActivity || Date.now() - lastActivity < quietMs) return;
    collectedSinceActivity = true;
    const startedAt = performance.now();
    collect({ type: 'major', execution: 'sync' });
    onCollected?.(performance.now() - startedAt);
  }, quietMs / 4);
  timer.unref();
  return {
    active() {
      lastActivity = Date.now();
      collectedSinceActivity = false;
    },
    stop: () => clearInterval(timer),
  };
}
