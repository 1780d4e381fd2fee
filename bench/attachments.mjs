/**
 * Ticket attachments' throughput and the server's memory (issue 36, decision 0047): the built portal (demo data, a
 * data folder of its own) is sent 25 MB files as alice's uploads (`POST /api/crm/ticket-attachments`), one after
 * another and then four at once, and each is downloaded again (its bytes counted and hashed as they arrive, never held).
 * Prints upload and download throughput (MB/s, MB = 1,048,576 bytes), the server's resident memory (VmRSS) before,
 * its peak (sampled every 50 ms) during each phase and after, and the machine's load beside the figures: a file that
 * streams leaves the peak far below the files' size. Nothing is asserted.
 *
 *   npm run bench:attachments                         (PostgreSQL, the default store)
 *   BENCH_ATTACHMENTS_STORE=s3 npm run bench:attachments   (an s3rver in this process on a free port, a temp folder)
 *
 * BENCH_ATTACHMENTS_FILES (4) sets how many files each phase sends; BENCH_ATTACHMENTS_MB (25) their size (the portal's limit is
 * raised to it), to see whether the peak follows the file's size.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAverage as load, residentMb, signInAsAlice as signIn, startPortal } from './portal-process.mjs';

const MB = 1024 * 1024;
const FILE_BYTES = Number(process.env.BENCH_ATTACHMENTS_MB ?? 25) * MB;
const FILES = Number(process.env.BENCH_ATTACHMENTS_FILES ?? 4);
const PARALLEL = 4;
const STORE = process.env.BENCH_ATTACHMENTS_STORE ?? 'postgres';
const PORT = Number(process.env.BENCH_ATTACHMENTS_PORT ?? 8096);
const DATA_DIR = '.data/bench-attachments';
/** How long the server is left alone before "before" and "after" are read: V8 gives back what start-up grew. */
const QUIET_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (value) => value.toFixed(1);

/** An S3-compatible server for the S3 store's run: s3rver, in this process (its work is not the portal's memory). */
async function startBucket() {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'bench-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: 'bench-attachments' }] });
  const { port } = await server.run();
  return {
    env: {
      ATTACHMENT_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'bench-attachments',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The server's resident memory every 50 ms while `work` runs: its highest. */
async function peakDuring(pid, work) {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 50);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, residentMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

const bucket = STORE === 's3' ? await startBucket() : undefined;
console.log(`store: ${STORE}; ${FILES} files of ${FILE_BYTES / MB} MB a phase; load average at start: ${load()}`);
const portal = await startPortal({
  port: PORT,
  dataDir: DATA_DIR,
  env: {
    API_REQUESTS_PER_MINUTE: '0',
    ATTACHMENT_MAX_FILE_BYTES: String(Math.max(FILE_BYTES, 25 * MB)),
    ATTACHMENT_ACCOUNT_QUOTA_BYTES: String(Math.max(4 * FILES * FILE_BYTES, 1024 * MB)),
    ...bucket?.env,
  },
});
try {
  const token = await signIn(portal.base);
  const auth = { authorization: `Bearer ${token}` };
  // Random bytes (no store compresses them), one file's worth, each upload's first bytes made its own.
  const content = randomBytes(FILE_BYTES);
  const fileOf = (index) => {
    const bytes = Buffer.from(content);
    bytes.writeUInt32BE(index, 0);
    return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  };

  async function upload(index) {
    const { bytes, sha256 } = fileOf(index);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), `bench-${index}.bin`);
    const response = await fetch(`${portal.base}/api/crm/ticket-attachments`, { method: 'POST', headers: auth, body: form });
    if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${await response.text()}`);
    const { id, size } = (await response.json()).result;
    if (size !== FILE_BYTES) throw new Error(`stored ${size} bytes of ${FILE_BYTES}`);
    return { id, sha256 };
  }

  async function download({ id, sha256 }) {
    const response = await fetch(`${portal.base}/api/crm/ticket-attachments/${id}`, { headers: auth });
    if (response.status !== 200) throw new Error(`the download answered ${response.status}`);
    const hash = createHash('sha256');
    let length = 0;
    for await (const chunk of response.body) {
      hash.update(chunk);
      length += chunk.length;
    }
    if (length !== FILE_BYTES || hash.digest('hex') !== sha256) throw new Error(`download ${id} differs from what was uploaded`);
  }

  /** A phase: `FILES` transfers, `at once` at a time; MB/s over the phase's whole time and the memory's peak. */
  async function phase(name, atOnce, each) {
    const started = performance.now();
    const { result, peak } = await peakDuring(portal.pid, async () => {
      const results = [];
      for (let first = 0; first < FILES; first += atOnce) {
        results.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, FILES - first) }, (_, offset) => each(first + offset)))));
      }
      return results;
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${name.padEnd(26)} ${mb((FILES * FILE_BYTES) / MB / seconds).padStart(6)} MB/s  (${FILES} × ${FILE_BYTES / MB} MB in ${seconds.toFixed(1)} s)  peak RSS ${mb(peak)} MB  load ${load()}`,
    );
    return { result, peak };
  }

  await sleep(QUIET_MS);
  const before = residentMb(portal.pid);
  console.log(`resident memory before: ${mb(before)} MB  load ${load()}`);

  const sequential = await phase('upload, one at a time', 1, (index) => upload(index));
  await phase('download, one at a time', 1, (index) => download(sequential.result[index]));
  const parallel = await phase(`upload, ${PARALLEL} at once`, PARALLEL, (index) => upload(FILES + index));
  await phase(`download, ${PARALLEL} at once`, PARALLEL, (index) => download(parallel.result[index]));

  await sleep(QUIET_MS);
  const after = residentMb(portal.pid);
  console.log(`resident memory after: ${mb(after)} MB (before ${mb(before)} MB; one file is ${FILE_BYTES / MB} MB)  load ${load()}`);
} finally {
  await portal.stop();
  await bucket?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
}
