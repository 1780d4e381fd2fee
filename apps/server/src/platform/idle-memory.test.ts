import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-memory.js';

describe('collecting garbage once an instance goes quiet', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const collector = () => {
    const collect = vi.fn();
    const durations: number[] = [];
    const idle = collectWhenIdle({ quietMs: 1_000, collect: collect as unknown as typeof globalThis.gc, onCollected: (ms) => durations.push(ms) });
    return { collect, durations, idle };
  };

  it('collects once after a quiet spell that followed activity, with a full collection, and not again until more activity', () => {
    const { collect, durations, idle } = collector();
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled(); // nothing happened since the start: nothing to give back
    idle.active();
    vi.advanceTimersByTime(900);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith({ type: 'major', execution: 'sync' });
    expect(durations).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.active();
    vi.advanceTimersByTime(1_500);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.stop();
  });

  it('does not collect while requests keep coming, however long', () => {
    const { collect, idle } = collector();
    for (let second = 0; second < 30; second += 1) {
      idle.active();
      vi.advanceTimersByTime(500);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_500);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.stop();
  });

  it('does nothing, and keeps no timer, without V8’s collector (no --expose-gc)', () => {
    const idle = collectWhenIdle({ quietMs: 1_000, collect: undefined });
    idle.active();
    expect(vi.getTimerCount()).toBe(0);
    idle.stop();
  });

  it('stops checking when stopped', () => {
    const { collect, idle } = collector();
    idle.active();
    idle.stop();
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled();
  });
});
