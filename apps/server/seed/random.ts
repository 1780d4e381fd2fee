/**
 * A small seeded PRNG (mulberry32) so the demo data is the same on every run; never Math.random.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array in a shuffled order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** A money amount in [min, max] with two decimals. */
  amount(min: number, max: number): number;
  /** `length` characters of [0-9a-z]. */
  token(length: number): string;
  /** `length` decimal digits (first one non-zero). */
  digits(length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    shuffle<T>(items: readonly T[]) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    amount: (min, max) => roundMoney(min + next() * (max - min)),
    token: (length) => Array.from({ length }, () => pick('0123456789abcdefghijklmnopqrstuvwxyz'.split(''))).join(''),
    digits: (length) => String(int(1, 9)) + Array.from({ length: length - 1 }, () => String(int(0, 9))).join(''),
  };
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Times relative to the seed's "now", so the demo always looks current. */
export function clock(now: Date) {
  const base = now.getTime();
  return {
    now,
    daysAgo: (days: number) => new Date(base - days * DAY),
    hoursAgo: (hours: number) => new Date(base - hours * HOUR),
    plusHours: (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR),
    plusDays: (from: Date, days: number) => new Date(from.getTime() + days * DAY),
    /** A calendar date `YYYY-MM-DD`, `days` before now (negative: in the future). */
    dateDaysAgo: (days: number) => isoDate(new Date(base - days * DAY)),
  };
}
export type Clock = ReturnType<typeof clock>;

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Never later than `limit` (keeps generated conversations in the past). */
export function notAfter(date: Date, limit: Date): Date {
  return date.getTime() > limit.getTime() ? new Date(limit.getTime()) : date;
}
