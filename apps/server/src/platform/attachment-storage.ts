import type { Readable } from 'node:stream';

/**
 * Where attachments' bytes live (docs/decisions/0047): one adapter, PostgreSQL by default (attachment-chunks.repository.ts
 * in the tickets module, which owns the table). Both directions are streams: no file is ever held in memory whole.
 */
export interface AttachmentStorage {
  /**
   * Writes the bytes under `key`; returns how many there were. Past `limit` bytes it stops, removes what it wrote and
   * throws `TooLarge`: nothing is left half-stored.
   */
  put(key: string, source: AsyncIterable<Buffer>, limit: number): Promise<number>;
  /** The bytes, read as the caller reads them. */
  get(key: string): Readable;
  delete(key: string): Promise<void>;
}

export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`More than ${limit} bytes`);
  }
}

/** Chunks of at most `size` bytes from a stream of any chunking, so a store writes rows of a known size. */
export async function* rechunk(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of source) {
    pending.push(chunk);
    length += chunk.length;
    while (length >= size) {
      const all = Buffer.concat(pending, length);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(pending, length);
}
