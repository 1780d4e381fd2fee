import { and, count, eq } from 'drizzle-orm';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, successEnvelope, ticket, ticketAttachment, type TicketAttachment } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAttachment, fileUpload, multipartBody, PNG_1PX } from '../../../test/attachments.js';
import { createAccount, createContact, createTicket, createTicketEntry } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { attachmentChunks, domainEvents, ticketAttachments, ticketEntries } from '../../db/schema/index.js';
import { NOT_MULTIPART } from '../../http/multipart.js';
import { ATTACHMENT_NOT_AVAILABLE } from './attachments.js';

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows executable's first bytes ("MZ" and a PE header offset), named as a picture. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

/** Issue 36's attachments on the customer's side (docs/decisions/0047). */
describe('ticket attachments', () => {
  let test: TestApp;
  let accountId: number;
  let alice = '';
  let aliceId: number;
  let uma = '';
  const db = () => test.database.db;

  const upload = (token: string, body: ReturnType<typeof multipartBody>) =>
    test.app.inject({ method: 'POST', url: '/api/crm/ticket-attachments', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  const uploaded = async (token: string, name: string, data: Buffer) => {
    const response = await upload(token, fileUpload(name, data));
    expect(response.statusCode, response.body).toBe(201);
    return successEnvelope(ticketAttachment).parse(response.json()).result;
  };
  const get = (token: string, url: string) => test.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const chunkRows = async () => (await db().select({ n: count() }).from(attachmentChunks))[0]!.n;

  beforeAll(async () => {
    test = await buildTestApp({ ATTACHMENT_ACCOUNT_QUOTA_BYTES: String(40 * MB) });
    accountId = (await createAccount(db())).id;
    const a = await createContact(db(), { accountId, firstname: 'Alice' });
    aliceId = a.id;
    alice = (await signIn(test.app, a.email)).access_token;
    uma = (await signIn(test.app, (await createContact(db(), { accountId, firstname: 'Uma' })).email)).access_token;
  });
  afterAll(async () => {
    await test.close();
  });

  it('attaches a PNG and a PDF to a new ticket: typed from their bytes, the image inline, both downloads', async () => {
    const png = await uploaded(alice, 'printer error.png', PNG_1PX);
    const pdf = await uploaded(alice, 'log.txt', PDF);
    expect(png).toMatchObject({ file_name: 'printer error.png', content_type: 'image/png', inline: true, size: PNG_1PX.length });
    // Named .txt, sent as octet-stream: the bytes say PDF.
    expect(pdf).toMatchObject({ content_type: 'application/pdf', inline: false });

    const created = await test.app.inject({
      method: 'POST',
      url: '/api/crm/nable-tickets',
      headers: bearer(alice),
      payload: { subject: 'Printer shows E-17', description: 'See the photo and the log.', attachment_ids: [png.id, pdf.id] },
    });
    expect(created.statusCode).toBe(201);
    const body = successEnvelope(ticket).parse(created.json()).result;
    expect(body.attachments!.map((file: TicketAttachment) => file.id)).toEqual([png.id, pdf.id]);

    const download = await get(alice, `/crm/ticket-attachments/${pdf.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="log.txt"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.headers['content-type']).toBe('application/pdf');

    const image = await get(alice, `/crm/ticket-attachments/${png.id}/inline`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    // A PDF is never shown inline.
    expect((await get(alice, `/crm/ticket-attachments/${pdf.id}/inline`)).statusCode).toBe(404);

    // The provider hears of the files as signed links in the event (and so the webhook), never the bytes.
    const [opened] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.accountId, accountId), eq(domainEvents.type, 'ticket.opened')));
    const files = (opened!.data as { attachments: { id: number; download_url: string }[] }).attachments;
    expect(files.map((file) => file.id)).toEqual([png.id, pdf.id]);
    const link = new URL(files[1]!.download_url);
    const fetched = await test.app.inject({ method: 'GET', url: link.pathname });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
    expect(fetched.headers['content-disposition']).toMatch(/^attachment;/);
    const tampered = link.pathname.replace(`.${pdf.id}.`, `.${png.id}.`);
    expect((await test.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(410);

    // Uma sees only her own tickets: Alice's file is not hers to fetch, by any path.
    expect((await get(uma, `/crm/ticket-attachments/${png.id}`)).statusCode).toBe(404);
    expect((await get(uma, `/crm/ticket-attachments/${png.id}/inline`)).statusCode).toBe(404);
  });

  it('serves an executable named .png only as a download', async () => {
    const exe = await uploaded(alice, 'holiday.png', EXE);
    expect(exe.content_type).not.toMatch(/^image\//);
    expect(exe.inline).toBe(false);
    // Not attached yet: the uploader's alone.
    expect((await get(uma, `/crm/ticket-attachments/${exe.id}`)).statusCode).toBe(404);
    expect((await get(alice, `/crm/ticket-attachments/${exe.id}/inline`)).statusCode).toBe(404);
    const download = await get(alice, `/crm/ticket-attachments/${exe.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses a 26 MB file with the limit in the message, and keeps nothing of it', async () => {
    const before = await chunkRows();
    const response = await upload(alice, fileUpload('scan.tif', Buffer.alloc(26 * MB, 1)));
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope.parse(response.json()).message).toBe('A file can be at most 25 MB.');
    expect(await chunkRows()).toBe(before);
  });

  it('refuses a file past the account’s room, and keeps nothing of it', async () => {
    await uploaded(alice, 'big-1.bin', Buffer.alloc(20 * MB, 2));
    const before = await chunkRows();
    const response = await upload(alice, fileUpload('big-2.bin', Buffer.alloc(21 * MB, 3)));
    expect(response.statusCode).toBe(413);
    expect(errorEnvelope.parse(response.json()).message).toMatch(/^Your account's 40 MB for attachments is full/);
    expect(await chunkRows()).toBe(before);
  });

  it('attaches files to a reply all or none: more than 10, or one not the caller’s, refuses the reply', async () => {
    const row = await createTicket(db(), { accountId, assignedContactId: aliceId, status: 'In Progress' });
    const mine = await Promise.all(Array.from({ length: 11 }, (_, i) => uploaded(alice, `shot-${i}.png`, PNG_1PX)));
    const reply = (ids: number[]) =>
      test.app.inject({
        method: 'POST',
        url: `/api/crm/nable-tickets/${row.id}`,
        headers: bearer(alice),
        payload: { description: 'More photos', attachment_ids: ids },
      });

    const tooMany = await reply(mine.map((file) => file.id));
    expect(tooMany.statusCode).toBe(422);
    const umas = await uploaded(uma, 'not-alices.png', PNG_1PX);
    const foreign = await reply([mine[0]!.id, umas.id]);
    expect(foreign.statusCode).toBe(422);
    expect(errorEnvelope.parse(foreign.json()).message).toBe(ATTACHMENT_NOT_AVAILABLE);
    expect(await db().select().from(ticketEntries).where(eq(ticketEntries.ticketId, row.id))).toEqual([]);

    const ok = await reply([mine[0]!.id, mine[1]!.id]);
    expect(ok.statusCode).toBe(200);
    const [entry] = successEnvelope(ticket).parse(ok.json()).result.conversation;
    // Uploaded in parallel, so their ids (the order shown) need not follow their names.
    expect(entry!.attachments!.map((file: TicketAttachment) => file.file_name).sort()).toEqual(['shot-0.png', 'shot-1.png']);
    // Attached once: not again elsewhere.
    expect((await reply([mine[0]!.id])).statusCode).toBe(422);
  });

  it('never shows the customer an attachment of a private note', async () => {
    const row = await createTicket(db(), { accountId, assignedContactId: aliceId });
    const note = await createTicketEntry(db(), { accountId, ticketId: row.id, visibleToCustomer: false, content: 'internal' });
    const file = await createAttachment(db(), { accountId, ticketId: row.id, entryId: note.id });
    expect((await get(alice, `/crm/ticket-attachments/${file.id}`)).statusCode).toBe(404);
    const shown = successEnvelope(ticket).parse((await get(alice, `/crm/nable-tickets/${row.id}`)).json()).result;
    expect(JSON.stringify(shown)).not.toContain(`"id":${file.id},"file_name"`);
  });

  it('answers a request that is not one file in multipart/form-data with a 4xx', async () => {
    const json = await test.app.inject({ method: 'POST', url: '/api/crm/ticket-attachments', headers: bearer(alice), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const noFile = await upload(alice, multipartBody([{ name: 'note', data: 'hello' }]));
    expect([400, 422]).toContain(noFile.statusCode);
    const wrongName = await upload(alice, multipartBody([{ name: 'upload', fileName: 'a.png', data: PNG_1PX }]));
    expect(wrongName.statusCode).toBe(400);
    expect(errorEnvelope.parse(wrongName.json()).message).toBe(NOT_MULTIPART);
    const empty = await upload(alice, fileUpload('empty.txt', Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    const broken = await test.app.inject({
      method: 'POST',
      url: '/api/crm/ticket-attachments',
      headers: { ...bearer(alice), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(await db().select().from(ticketAttachments).where(eq(ticketAttachments.fileName, 'empty.txt'))).toEqual([]);
  });

  it('takes a technician’s files for an entry through the provider API, all or none', async () => {
    const key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
    const account = await createAccount(db(), { externalId: `acct-files-${Date.now()}` });
    const contact = await createContact(db(), { accountId: account.id });
    const row = await createTicket(db(), { accountId: account.id, externalId: 'T-files', assignedContactId: contact.id });
    const entry = await createTicketEntry(db(), { accountId: account.id, ticketId: row.id, externalId: 'E-1', fromAddress: 'tom@itpartners.example' });
    const push = (entryId: string, parts: Parameters<typeof multipartBody>[0]) => {
      const body = multipartBody(parts);
      return test.app.inject({
        method: 'POST',
        url: `/api/provider/v1/accounts/${account.externalId}/tickets/T-files/entries/${entryId}/attachments`,
        headers: { ...keyHeader(key), ...body.headers },
        payload: body.payload,
      });
    };
    const before = await chunkRows();
    const unknownEntry = await push('E-404', [{ name: 'file', fileName: 'fix.png', data: PNG_1PX }]);
    expect(unknownEntry.statusCode).toBe(404);
    const tooMany = await push(
      'E-1',
      Array.from({ length: 11 }, (_, i) => ({ name: 'file', fileName: `f${i}.png`, data: PNG_1PX })),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(await chunkRows()).toBe(before);
    expect(await db().select().from(ticketAttachments).where(eq(ticketAttachments.accountId, account.id))).toEqual([]);

    const pushed = await push('E-1', [
      { name: 'file', fileName: 'fixed.png', data: PNG_1PX },
      { name: 'file', fileName: 'report.pdf', data: PDF },
    ]);
    expect(pushed.statusCode, pushed.body).toBe(201);
    expect(pushed.json().result.items.map((file: TicketAttachment) => file.content_type)).toEqual(['image/png', 'application/pdf']);
    const token = (await signIn(test.app, contact.email)).access_token;
    const shown = successEnvelope(ticket).parse((await get(token, `/crm/nable-tickets/${row.id}`)).json()).result;
    const onEntry = shown.conversation.find((e) => e.id === entry.id)!;
    expect(onEntry.attachments!.map((file: TicketAttachment) => file.file_name)).toEqual(['fixed.png', 'report.pdf']);
  });

  it('makes an image’s thumbnail in the job, and refuses a decompression bomb', async () => {
    const picture = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 10, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const photo = await uploaded(alice, 'photo.png', picture);
    expect(photo.thumbnail).toBe(false);
    expect((await get(alice, `/crm/ticket-attachments/${photo.id}/thumbnail`)).statusCode).toBe(404);
    await test.container.attachments.makeThumbnail(photo.id);
    const thumbnail = await get(alice, `/crm/ticket-attachments/${photo.id}/thumbnail`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });

    // A PNG whose header says 30,000 × 30,000 (900 MP) in a few dozen bytes: past the pixel limit, refused, never decoded.
    const bomb = Buffer.from(PNG_1PX);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const refused = await uploaded(alice, 'bomb.png', bomb);
    await test.container.attachments.makeThumbnail(refused.id);
    const [row] = await db().select().from(ticketAttachments).where(eq(ticketAttachments.id, refused.id));
    expect(row!.thumbnailStatus).toBe('refused');
    expect((await get(alice, `/crm/ticket-attachments/${refused.id}/thumbnail`)).statusCode).toBe(404);
  });
});
