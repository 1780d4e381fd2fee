import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, successEnvelope } from '@portal/contract';
import { createMailOutbox } from '../src/db/mail-outbox.repository.js';
import { mailOutbox } from '../src/db/schema/index.js';
import { createLogger } from '../src/platform/logger.js';
import { createMailer } from '../src/platform/mail.js';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createAccount, createContact, createTicket } from './factories.js';
import { createTestApiKey, keyHeader } from './provider-keys.js';

/**
 * Issue 35: a notification's mail as it reaches a real SMTP server (the smtp-server package, started here) and is read
 * back by a mail parser: its headers, both parts, the provider's name and colour, and the one-click unsubscribe
 * (RFC 8058) working signed out. And an SMTP server that refuses: the mail waits, it is not lost.
 */
let test: TestApp;
let smtp: SMTPServer;
let smtpPort = 0;
let refusing = false;
const received: ParsedMail[] = [];

beforeAll(async () => {
  test = await buildTestApp({ PROVIDER_NAME: 'Harbour IT', PROVIDER_COLOR: '#0b7a5c' });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refusing ? Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }) : undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await test.close();
});

const db = () => test.database.db;
/** The outbox's mails delivered as an instance's mail worker delivers them, over SMTP to the server above. */
const smtpMailer = () =>
  createMailer({ outbox: createMailOutbox(db()), smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: test.config.mail.from, log: createLogger('silent') });

/** An admin invites a user: the account's other admin is notified, and mailed (the category "users"). */
async function notifiedAdmin() {
  const account = await createAccount(db());
  const inviter = await createContact(db(), { accountId: account.id, adminGroup: true });
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Otto' });
  const token = (await signIn(test.app, inviter.email)).access_token;
  const invited = await test.app.inject({
    method: 'POST',
    url: '/api/crm/contacts',
    headers: bearer(token),
    payload: { user: { firstname: 'Nia', lastname: 'Newcomer', email: `nia.${account.id}@example.test`, time_zone: 'US/Eastern' } },
  });
  expect(invited.statusCode).toBe(200);
  const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, admin.email));
  return { admin, outboxId: mail!.id };
}

/**
 * RFC 8058 as a mail program does it: the header pair as it arrived (checked here), then a POST of the form to the
 * List-Unsubscribe address, signed out.
 */
async function unsubscribeInOneClick(mail: ParsedMail) {
  const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = new URL(/^<([^>]+)>$/.exec(header('list-unsubscribe') ?? '')![1]!);
  return test.app.inject({
    method: 'POST',
    url: `${oneClick.pathname}${oneClick.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

describe('a notification mail, received by a real SMTP server', () => {
  it('has both parts in the provider’s name and colour, the link to the thing, and a one-click unsubscribe that works signed out', async () => {
    const { admin, outboxId } = await notifiedAdmin();
    await smtpMailer().deliver(outboxId);
    const mail = received.find((message) => message.to && 'text' in message.to && message.to.text.includes(admin.email));
    expect(mail).toBeDefined();
    expect(mail!.from?.text).toContain('Harbour IT');
    expect(mail!.subject).toMatch(/was invited/);
    // Both parts, the same words.
    expect(mail!.text).toContain('Hello Otto,');
    expect(mail!.text).toMatch(/Open it in the portal \[?http:\/\/portal\.test\//);
    expect(mail!.html).toMatch(/Hello (<!-- -->)?Otto(<!-- -->)?,/);
    expect(mail!.html).toMatch(/href="http:\/\/portal\.test\/[^"]*"[^>]*>.*Open it in the portal/s);
    expect(mail!.html).toContain('#0b7a5c');
    const unsubscribed = await unsubscribeInOneClick(mail!);
    expect(unsubscribed.statusCode).toBe(200);
    expect(successEnvelope(endpoints.unsubscribeFromEmail.result).parse(unsubscribed.json()).result).toMatchObject({ category: 'users', email: false });
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)))[0]!.status).toBe('sent');
  });

  it('a technician’s reply, mailed in its own words, arrives with the one-click unsubscribe that switches ticket mail off', async () => {
    const account = await createAccount(db(), { externalId: `smtp-reply-${Date.now()}` });
    const carla = await createContact(db(), { accountId: account.id, firstname: 'Carla' });
    await createTicket(db(), { accountId: account.id, externalId: 'T-SMTP', assignedContactId: carla.id, subject: 'Scanner offline' });
    const key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
    const pushed = await test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${account.externalId}/tickets/T-SMTP/entries/E-1`,
      headers: keyHeader(key),
      payload: { author_name: 'Tom Tech', author_email: 'tom@harbour-it.example', content: 'The scanner is back.' },
    });
    expect(pushed.statusCode).toBe(201);
    const replies = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, carla.email));
    const reply = replies.find((mail) => mail.textBody.includes('The scanner is back.'))!;
    await smtpMailer().deliver(reply.id);
    const mail = received.find(
      (message) => message.to && 'text' in message.to && message.to.text.includes(carla.email) && message.text?.includes('The scanner is back.'),
    );
    const unsubscribed = await unsubscribeInOneClick(mail!);
    expect(successEnvelope(endpoints.unsubscribeFromEmail.result).parse(unsubscribed.json()).result).toMatchObject({ category: 'tickets', email: false });
    // The next reply is not mailed to her.
    await test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${account.externalId}/tickets/T-SMTP/entries/E-2`,
      headers: keyHeader(key),
      payload: { author_name: 'Tom Tech', author_email: 'tom@harbour-it.example', content: 'One more thing.' },
    });
    const after = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, carla.email));
    expect(after.some((m) => m.textBody.includes('One more thing.'))).toBe(false);
  });

  it('waits while the SMTP server refuses, and goes out when it takes mail again', async () => {
    const { outboxId } = await notifiedAdmin();
    refusing = true;
    await expect(smtpMailer().deliver(outboxId)).rejects.toThrow(/451|try later/);
    const [waiting] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    expect(waiting!.status).toBe('pending');
    refusing = false;
    await smtpMailer().deliver(outboxId);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)))[0]!.status).toBe('sent');
  });
});
