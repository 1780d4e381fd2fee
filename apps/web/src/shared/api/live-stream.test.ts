import { describe, expect, it } from 'vitest';
import { serverSentEvents } from './live-stream';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('reading a live stream (decision 0046)', () => {
  it('yields each message’s id and data, across chunk boundaries, skipping comments and retry', async () => {
    const events = [];
    for await (const event of serverSentEvents(
      streamOf('retry: 2000\n\n: keep-alive\n\nid: 7\nevent: notification\ndata: {"a"', ':1}\n\nevent: ready\ndata: {"b":2}\n\n'),
    )) {
      events.push(event);
    }
    expect(events).toEqual([
      { id: '7', data: '{"a":1}' },
      { id: undefined, data: '{"b":2}' },
    ]);
  });
});
