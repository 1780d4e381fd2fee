import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttachment } from '../../../test/attachments.js';
import { createTestDatabase } from '../../../test/database.js';
import { createAccount, createContact } from '../../../test/factories.js';
import type { DatabaseHandle } from '../../db/client.js';
import {
  attachmentChunks,
  domainEvents,
  mailOutbox,
  notifications,
  oneTimeTokens,
  passwordResetTokens,
  rateLimits,
  refreshTokens,
  ticketAttachments,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.js';
import { newStorageKey } from '../../platform/attachment-storage.js';
import { createPostgresAttachmentStorage } from '../tickets/index.js';
import { sweepExpired } from './sweep.js';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3600_000);

describe('sweeping expired rows', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('deletes what ended more than a day ago and keeps everything else', async () => {
    const { db } = database;
    const account = await createAccount(db);
    const contact = await createContact(db, { accountId: account.id });
    const refresh = (hash: string, familyExpiresAt: Date) => ({
      contactId: contact.id,
      familyId: randomUUID(),
      tokenHash: hash,
      expiresAt: familyExpiresAt,
      familyExpiresAt,
    });
    await db
      .insert(refreshTokens)
      .values([refresh('old-refresh', hoursAgo(30)), refresh('recent-refresh', hoursAgo(2)), refresh('live-refresh', hoursAhead(5))]);
    await db.insert(passwordResetTokens).values([
      { contactId: contact.id, tokenHash: 'old-reset', expiresAt: hoursAgo(48) },
      { contactId: contact.id, tokenHash: 'live-reset', expiresAt: hoursAhead(1) },
    ]);
    await db.insert(oneTimeTokens).values([
      { purpose: 'impersonation', contactId: contact.id, tokenHash: 'old-once', expiresAt: hoursAgo(25) },
      { purpose: 'app_launch', contactId: contact.id, tokenHash: 'live-once', expiresAt: hoursAhead(1) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'login:user:old', hits: 3, windowStartedAt: hoursAgo(26) },
      { key: 'login:user:now', hits: 1 },
    ]);

    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({ url: 'https://psa.example/hook', events: ['ticket.created'], secretSealed: 'x', secretKeyId: 'x', enabled: false })
      .returning();
    const event = (id: string, days: number) => ({ id, type: 'ticket.created' as const, accountId: account.id, payload: {}, createdAt: hoursAgo(days * 24) });
    await db.insert(webhookEvents).values([event('evt_old_done', 31), event('evt_old_held', 31), event('evt_recent', 29)]);
    await db.insert(webhookDeliveries).values([
      { eventId: 'evt_old_done', endpointId: endpoint!.id, status: 'succeeded' },
      { eventId: 'evt_old_held', endpointId: endpoint!.id, status: 'failed' },
    ]);
    const mail = (subject: string, status: 'pending' | 'sent' | 'failed' | 'logged', sentHoursAgo: number | null, createdHoursAgo = 200) => ({
      toAddress: 'someone@acme.example',
      subject,
      textBody: 'Set your password: https://portal.example/accept-invite?token=secret',
      status,
      sentAt: sentHoursAgo === null ? null : hoursAgo(sentHoursAgo),
      createdAt: hoursAgo(createdHoursAgo),
    });
    await db
      .insert(mailOutbox)
      .values([
        mail('sent long ago', 'sent', 30),
        mail('logged long ago', 'logged', 25),
        mail('sent today', 'sent', 2),
        mail('failed last week', 'failed', null, 24 * 8),
        mail('failed yesterday', 'failed', null, 24),
        mail('still pending', 'pending', null, 24 * 30),
      ]);
    const happened = (id: string, days: number) => ({
      id,
      type: 'ticket.opened',
      accountId: account.id,
      actor: { kind: 'system' },
      data: {},
      occurredAt: hoursAgo(days * 24),
    });
    await db.insert(domainEvents).values([happened('evt_happened_long_ago', 31), happened('evt_happened_lately', 29)]);
    // Read 90 days ago or more, or unread for a year: gone.
    const notice = (title: string, days: number, read: boolean) => ({
      accountId: account.id,
      contactId: contact.id,
      eventId: `evt_${title.replaceAll(' ', '_')}`,
      category: 'tickets' as const,
      kind: 'ticket.reply',
      title,
      link: '/tickets/1',
      createdAt: hoursAgo(days * 24),
      readAt: read ? hoursAgo(days * 24) : null,
    });
    await db
      .insert(notifications)
      .values([
        notice('read long ago', 91, true),
        notice('read lately', 30, true),
        notice('unread a while', 200, false),
        notice('unread for years', 400, false),
      ]);
    // Two uploads never sent: one of two days ago goes with its bytes, one of an hour ago stays.
    const abandoned = await createAttachment(db, { accountId: account.id, ticketId: null, fileName: 'abandoned.png' });
    await db
      .update(ticketAttachments)
      .set({ createdAt: hoursAgo(48) })
      .where(eq(ticketAttachments.id, abandoned.id));
    await createAttachment(db, { accountId: account.id, ticketId: null, fileName: 'on-its-way.png' });
    // Bytes of uploads whose connection dropped (or process died) before the row: two days ago, swept; a minute ago (it
    // may still be arriving), kept. Two-day-old bytes an attachment names (as its file, as its thumbnail) are kept.
    const storage = createPostgresAttachmentStorage(db);
    const crashed = newStorageKey(Date.now() - 48 * 3600_000);
    const uploading = newStorageKey(Date.now() - 60_000);
    for (const key of [crashed, uploading]) await storage.put(key, Readable.from([Buffer.alloc(300 * 1024, 7)]), Number.MAX_SAFE_INTEGER);
    const kept = await createAttachment(db, {
      accountId: account.id,
      ticketId: null,
      fileName: 'kept.png',
      storageKey: newStorageKey(Date.now() - 48 * 3600_000),
    });
    const keptThumbnail = `${kept.storageKey}_thumb`;
    await storage.put(keptThumbnail, Readable.from([Buffer.from('webp')]), Number.MAX_SAFE_INTEGER);
    await db.update(ticketAttachments).set({ thumbnailStatus: 'ready', thumbnailKey: keptThumbnail }).where(eq(ticketAttachments.id, kept.id));
    const storedKeys = async () => (await db.selectDistinct({ key: attachmentChunks.storageKey }).from(attachmentChunks)).map((row) => row.key);
    expect(await sweepExpired(db, storage)).toEqual({
      orphanedFiles: 1,
      abandonedUploads: 1,
      refreshTokens: 1,
      passwordResetTokens: 1,
      oneTimeTokens: 1,
      passkeyChallenges: 0,
      rateLimits: 1,
      webhookEvents: 1,
      mails: 3,
      domainEvents: 1,
      notifications: 2,
      reminders: 0,
      identityProviderSignIns: 0,
    });
    expect((await db.select({ title: notifications.title }).from(notifications)).map((row) => row.title).sort()).toEqual(['read lately', 'unread a while']);
    expect((await db.select({ id: domainEvents.id }).from(domainEvents)).map((row) => row.id)).toEqual(['evt_happened_lately']);
    expect((await db.select({ name: ticketAttachments.fileName }).from(ticketAttachments)).map((row) => row.name).sort()).toEqual([
      'kept.png',
      'on-its-way.png',
    ]);
    const left = await storedKeys();
    expect(left).not.toContain(abandoned.storageKey);
    expect(left).not.toContain(crashed);
    expect(left).toEqual(expect.arrayContaining([uploading, kept.storageKey, keptThumbnail]));
    expect((await db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject).sort()).toEqual([
      'failed yesterday',
      'sent today',
      'still pending',
    ]);
    expect((await db.select({ id: webhookEvents.id }).from(webhookEvents)).map((row) => row.id).sort()).toEqual(['evt_old_held', 'evt_recent']);
    expect((await db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)).map((row) => row.hash).sort()).toEqual(['live-refresh', 'recent-refresh']);
    expect((await db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((row) => row.hash)).toEqual(['live-reset']);
    expect((await db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens)).map((row) => row.hash)).toEqual(['live-once']);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual(['login:user:now']);
    expect(await sweepExpired(db, storage)).toEqual({
      orphanedFiles: 0,
      abandonedUploads: 0,
      refreshTokens: 0,
      passwordResetTokens: 0,
      oneTimeTokens: 0,
      passkeyChallenges: 0,
      rateLimits: 0,
      webhookEvents: 0,
      mails: 0,
      domainEvents: 0,
      notifications: 0,
      reminders: 0,
      identityProviderSignIns: 0,
    });
  });
});
