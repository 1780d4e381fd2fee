import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StoreConfig } from '../src/config/index.js';

export const TEST_BUCKET = 'portal-attachments';

/**
 * A real S3-compatible server (s3rver, in this process) on a free port, its objects in a temporary folder: the S3
 * storage adapter's tests talk to it over HTTP as they would to a bucket. `env` configures a test app to use it.
 */
export async function startS3Server() {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StoreConfig = {
    kind: 's3',
    endpoint,
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    // s3rver's own key pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      ATTACHMENT_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** The objects' keys, as the bucket lists them (the folder's layout is s3rver's). */
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
