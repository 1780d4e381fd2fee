import { Readable } from 'node:stream';
import { and, asc, eq, gt, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { attachmentChunks } from '../../db/schema/index.js';
import { rechunk, STORAGE_KEY_PREFIX, storageKeyTime, TooLarge, type AttachmentStorage } from '../../platform/attachment-storage.js';

/** One row a chunk: large enough that a 25 MB file is 100 rows, small enough that a read holds little. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The PostgreSQL storage adapter (docs/decisions/0047): bytea chunks written as they arrive and read one at a time.
 * Each chunk is its own statement, so a long upload holds no transaction open; a refused or broken upload deletes its
 * chunks (and the sweeper takes those of a process that died mid-upload: no attachment row names them).
 */
export function createPostgresAttachmentStorage(db: Database): AttachmentStorage {
  async function remove(key: string) {
    await db.delete(attachmentChunks).where(eq(attachmentChunks.storageKey, key));
  }
  return {
    async put(key, source, limit) {
      let size = 0;
      let seq = 0;
      try {
        for await (const chunk of rechunk(source, CHUNK_BYTES)) {
          size += chunk.length;
          if (size > limit) throw new TooLarge(limit);
          await db.insert(attachmentChunks).values({ storageKey: key, seq, data: chunk });
          seq += 1;
        }
        return size;
      } catch (error) {
        await remove(key);
        throw error;
      }
    },

    get(key) {
      let seq = 0;
      return new Readable({
        // One chunk a read: the stream's buffer, not the file, is what a download holds.
        highWaterMark: 1,
        objectMode: false,
        async read() {
          try {
            const [row] = await db
              .select({ data: attachmentChunks.data })
              .from(attachmentChunks)
              .where(and(eq(attachmentChunks.storageKey, key), eq(attachmentChunks.seq, seq)));
            seq += 1;
            this.push(row ? row.data : null);
          } catch (error) {
            this.destroy(error as Error);
          }
        },
      });
    },

    delete: remove,

    // The chunks keep no time: the key carries it (newStorageKey). Keyset-paged by key over first chunks.
    async *keysWrittenBefore(before) {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: attachmentChunks.storageKey })
          .from(attachmentChunks)
          .where(and(eq(attachmentChunks.seq, 0), gt(attachmentChunks.storageKey, after), like(attachmentChunks.storageKey, `${STORAGE_KEY_PREFIX}%`)))
          .orderBy(asc(attachmentChunks.storageKey))
          .limit(500);
        if (rows.length === 0) return;
        after = rows.at(-1)!.key;
        const old = rows.map((row) => row.key).filter((key) => (storageKeyTime(key) ?? Infinity) < before.getTime());
        if (old.length > 0) yield old;
      }
    },
  };
}
