import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where attachments' bytes live (docs/decisions/0047): one adapter, PostgreSQL by default (attachment-chunks.repository.ts
 * in the tickets module, which owns the table) or an S3-compatible bucket (s3-attachment-storage.ts, ATTACHMENT_STORE=s3).
 * Both directions are streams: no file is ever held in memory whole. Metadata (name, type, size, owner) is never here.
 */
export interface AttachmentStorage {
  /**
   * Writes the bytes under `key`; returns how many there were. Past `limit` bytes it stops, removes what it wrote and
   * throws `TooLarge`: nothing is left half-stored.
   */
  put(key: string, source: AsyncIterable<Buffer>, limit: number): Promise<number>;
  /** The bytes, read as the caller reads them. */
  get(key: string): Readable;
  /** Removes the bytes under `key`; nothing there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The keys of what was written before `before`, in batches, for the sweep of what a crashed upload left (a key no
   * attachment row names). Only keys made by `newStorageKey`.
   */
  keysWrittenBefore(before: Date): AsyncIterable<string[]>;
}

/** The prefix of every key `newStorageKey` makes. */
export const STORAGE_KEY_PREFIX = 'att_';

/**
 * A new file's key: the time it was made (milliseconds, 13 digits) and 128 random bits, so a store that keeps no time
 * of its own (PostgreSQL's chunks) still tells the sweep how old a key is.
 */
export const newStorageKey = (now = Date.now()) => `${STORAGE_KEY_PREFIX}${String(now).padStart(13, '0')}_${randomBytes(16).toString('hex')}`;

/** When a key of `newStorageKey` was made; undefined for any other key (older uploads', tests'). */
export function storageKeyTime(key: string): number | undefined {
  const match = /^att_(\d{13})_[0-9a-f]{32}(?:_thumb)?$/.exec(key);
  return match ? Number(match[1]) : undefined;
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
