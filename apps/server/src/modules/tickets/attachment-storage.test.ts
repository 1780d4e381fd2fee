import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { startS3Server } from '../../../test/s3-server.js';
import type { DatabaseHandle } from '../../db/client.js';
import { newStorageKey, TooLarge, type AttachmentStorage } from '../../platform/attachment-storage.js';
import { createS3AttachmentStorage } from '../../platform/s3-attachment-storage.js';
import { createPostgresAttachmentStorage } from './attachment-chunks.repository.js';

const MB = 1024 * 1024;

/** A stream of `bytes` in pieces of `piece`, as a request's body arrives; `failAfter` breaks it there (a dropped connection). */
async function* pieces(bytes: Buffer, piece = 64 * 1024, failAfter = Infinity): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += piece) {
    if (at >= failAfter) throw new Error('connection dropped');
    yield bytes.subarray(at, at + piece);
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every key the store holds, as the sweep would list it. */
async function storedKeys(storage: AttachmentStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of storage.keysWrittenBefore(new Date(Date.now() + 3600_000))) keys.push(...batch);
  return keys;
}

/** One contract, both stores (docs/decisions/0047): what the attachments service relies on, whichever holds the bytes. */
const stores: { name: string; open(): Promise<{ storage: AttachmentStorage; close(): Promise<void> }> }[] = [
  {
    name: 'PostgreSQL',
    async open() {
      const database: DatabaseHandle = await createTestDatabase();
      return { storage: createPostgresAttachmentStorage(database.db), close: () => database.close() };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const server = await startS3Server();
      return { storage: createS3AttachmentStorage(server.config), close: () => server.close() };
    },
  },
];

describe.each(stores)('the attachment store: $name', ({ open }) => {
  let storage: AttachmentStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  }, 60_000);
  afterAll(async () => {
    await close();
  });

  it('stores a stream of several parts and gives the same bytes back, then deletes them', async () => {
    // Past S3's 5 MB part and PostgreSQL's 256 KiB chunk, not a multiple of either.
    const bytes = randomBytes(6 * MB + 12_345);
    const key = newStorageKey();
    expect(await storage.put(key, pieces(bytes), 25 * MB)).toBe(bytes.length);
    expect((await readAll(storage.get(key))).equals(bytes)).toBe(true);
    expect(await storedKeys(storage)).toContain(key);
    await storage.delete(key);
    expect(await storedKeys(storage)).not.toContain(key);
    // Deleting what is not there is not an error.
    await storage.delete(key);
  });

  it('stores a small file and an empty one', async () => {
    const small = newStorageKey();
    expect(await storage.put(small, Readable.from([Buffer.from('hello')]), 1024)).toBe(5);
    expect((await readAll(storage.get(small))).toString()).toBe('hello');
    const empty = newStorageKey();
    expect(await storage.put(empty, Readable.from([]), 1024)).toBe(0);
    await storage.delete(small);
    await storage.delete(empty);
  });

  it('refuses a stream past its limit with TooLarge and keeps nothing of it', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, pieces(randomBytes(6 * MB)), 5.5 * MB)).rejects.toBeInstanceOf(TooLarge);
    expect(await storedKeys(storage)).not.toContain(key);
    const small = newStorageKey();
    await expect(storage.put(small, pieces(randomBytes(3000), 1000), 2048)).rejects.toBeInstanceOf(TooLarge);
    expect(await storedKeys(storage)).not.toContain(small);
  });

  it('keeps nothing of a stream that breaks midway, and passes its error on', async () => {
    const key = newStorageKey();
    await expect(storage.put(key, pieces(randomBytes(8 * MB), 64 * 1024, 6 * MB), 25 * MB)).rejects.toThrow('connection dropped');
    expect(await storedKeys(storage)).not.toContain(key);
  });

  it('lists for the sweep only what was written before the time asked', async () => {
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('x')]), 10);
    const before = async (at: Date) => {
      const keys: string[] = [];
      for await (const batch of storage.keysWrittenBefore(at)) keys.push(...batch);
      return keys;
    };
    expect(await before(new Date(Date.now() - 3600_000))).not.toContain(key);
    expect(await before(new Date(Date.now() + 3600_000))).toContain(key);
    await storage.delete(key);
  });
});
