import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, successEnvelope, ticketAttachment } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { fileUpload, type multipartBody } from '../../../test/attachments.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { startS3Server } from '../../../test/s3-server.js';
import { attachmentChunks, ticketAttachments } from '../../db/schema/index.js';
import { newStorageKey } from '../../platform/attachment-storage.js';
import { sweepOrphanedBytes } from './attachments.repository.js';

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The attachments' routes with their bytes in an S3-compatible bucket (ATTACHMENT_STORE=s3, docs/decisions/0047). */
describe('ticket attachments stored in S3', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let test: TestApp;
  let alice = '';
  const db = () => test.database.db;

  const upload = (body: ReturnType<typeof multipartBody>) =>
    test.app.inject({ method: 'POST', url: '/api/crm/ticket-attachments', headers: { ...bearer(alice), ...body.headers }, payload: body.payload });
  /** What the bucket holds, as the sweep lists it. */
  const objects = async () => {
    const keys: string[] = [];
    for await (const batch of test.container.attachmentStorage.keysWrittenBefore(new Date(Date.now() + 3600_000))) keys.push(...batch);
    return keys.sort();
  };
  const rows = async () => (await db().select({ n: count() }).from(ticketAttachments))[0]!.n;

  beforeAll(async () => {
    s3 = await startS3Server();
    test = await buildTestApp({ ...s3.env, ATTACHMENT_MAX_FILE_BYTES: String(8 * MB) });
    const accountId = (await createAccount(db())).id;
    alice = (await signIn(test.app, (await createContact(db(), { accountId, firstname: 'Alice' })).email)).access_token;
  }, 60_000);
  afterAll(async () => {
    await test.close();
    await s3.close();
  });

  it('uploads into the bucket and downloads the same bytes, with the same headers as from PostgreSQL', async () => {
    const bytes = Buffer.concat([PDF, randomBytes(6 * MB)]);
    const response = await upload(fileUpload('report.pdf', bytes));
    expect(response.statusCode, response.body).toBe(201);
    const file = successEnvelope(ticketAttachment).parse(response.json()).result;
    expect(file).toMatchObject({ size: bytes.length, content_type: 'application/pdf', inline: false });
    const [row] = await db().select().from(ticketAttachments).where(eq(ticketAttachments.id, file.id));
    // The row in PostgreSQL, the bytes in the bucket alone.
    expect(await objects()).toEqual([row!.storageKey]);
    expect((await db().select({ n: count() }).from(attachmentChunks))[0]!.n).toBe(0);

    const download = await test.app.inject({
      method: 'GET',
      url: `/api/crm/ticket-attachments/${file.id}`,
      headers: { ...bearer(alice), 'accept-encoding': 'br, gzip' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // As stored, with its length: a file is not compressed on the way, whatever the client accepts.
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await test.app.inject({ method: 'GET', url: `/api/crm/ticket-attachments/${file.id}/inline`, headers: bearer(alice) })).statusCode).toBe(404);
  });

  it('keeps neither object nor row of a refused upload: too large, empty', async () => {
    const before = { objects: await objects(), rows: await rows() };
    const tooLarge = await upload(fileUpload('scan.tif', randomBytes(9 * MB)));
    expect(tooLarge.statusCode).toBe(413);
    expect(errorEnvelope.parse(tooLarge.json()).message).toBe('A file can be at most 8 MB.');
    const empty = await upload(fileUpload('empty.txt', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect({ objects: await objects(), rows: await rows() }).toEqual(before);
  });

  it('sweeps, a day on, an object no attachment names (an upload that died midway), and nothing else', async () => {
    const storage = test.container.attachmentStorage;
    const orphan = newStorageKey();
    await storage.put(orphan, Readable.from([Buffer.from('half an upload')]), 1024);
    const named = (await db().select({ key: ticketAttachments.storageKey }).from(ticketAttachments)).map((row) => row.key);
    // Not yet: it may still be arriving.
    expect(await sweepOrphanedBytes(db(), storage)).toBe(0);
    expect(await sweepOrphanedBytes(db(), storage, new Date(Date.now() + 2 * 86_400_000))).toBe(1);
    expect(await objects()).toEqual(named.sort());
  });

  it('makes and serves an image’s thumbnail from the bucket', async () => {
    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const response = await upload(fileUpload('photo.png', picture));
    expect(response.statusCode).toBe(201);
    const photo = successEnvelope(ticketAttachment).parse(response.json()).result;
    await test.container.attachments.makeThumbnail(photo.id);
    const thumbnail = await test.app.inject({ method: 'GET', url: `/api/crm/ticket-attachments/${photo.id}/thumbnail`, headers: bearer(alice) });
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });
  });
});
