import { Readable } from 'node:stream';
// Types only: the modules themselves are imported with the first use (below).
import type * as S3 from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import type { S3StoreConfig } from '../config/index.js';
import { STORAGE_KEY_PREFIX, TooLarge, type AttachmentStorage } from './attachment-storage.js';

/**
 * S3's smallest part of a multipart upload, and the most an upload holds in memory: a file of any size streams through
 * one part at a time (lib-storage's Upload, one part in flight), never whole.
 */
const PART_BYTES = 5 * 1024 * 1024;

type Sdk = { s3: typeof S3; Upload: typeof S3Upload; client: S3.S3Client };

/**
 * The S3-compatible storage adapter (docs/decisions/0047, ATTACHMENT_STORE=s3): one object a file, its key the
 * adapter's key. The AWS SDK is loaded with the first use, not at start, so a portal storing in PostgreSQL never loads
 * it and one storing in S3 pays for it only when a file moves. A refused or broken upload aborts its multipart upload
 * and deletes the object: nothing is left half-stored.
 */
export function createS3AttachmentStorage(config: S3StoreConfig): AttachmentStorage {
  let sdk: Promise<Sdk> | undefined;
  const load = (): Promise<Sdk> =>
    (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: new s3.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Checksums only where the operation requires them: several S3-compatible servers refuse the newer defaults.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = config.bucket;

  async function remove(key: string) {
    const { s3, client } = await load();
    await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
  }

  return {
    async put(key, source, limit) {
      const { Upload, client } = await load();
      let size = 0;
      // The source's own failure (past the limit, a dropped connection) is the answer, not what aborting the upload said.
      let failure: { error: unknown } | undefined;
      async function* limited() {
        try {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > limit) throw new TooLarge(limit);
            yield chunk;
          }
        } catch (error) {
          failure = { error };
          throw error;
        }
      }
      const body = Readable.from(limited(), { objectMode: false });
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: 1, leavePartsOnError: false });
      try {
        await upload.done();
        // A stream that failed after its last part was read can still have let the upload finish.
        if (failure) throw failure.error;
        return size;
      } catch (error) {
        body.destroy();
        // lib-storage aborts the multipart upload (leavePartsOnError false); an object a single PUT made goes here.
        await remove(key).catch(() => undefined);
        throw failure ? failure.error : error;
      }
    },

    get(key) {
      return Readable.from(
        (async function* () {
          const { s3, client } = await load();
          const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
          yield* answer.Body as Readable;
        })(),
        { objectMode: false },
      );
    },

    delete: remove,

    async *keysWrittenBefore(before) {
      const { s3, client } = await load();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: STORAGE_KEY_PREFIX, ContinuationToken, MaxKeys: 500 }));
        const keys = (page.Contents ?? []).filter((object) => object.Key && object.LastModified && object.LastModified < before).map((object) => object.Key!);
        if (keys.length > 0) yield keys;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
