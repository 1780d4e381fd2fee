import { eq } from 'drizzle-orm';
import type { MailMessage, MailOutbox } from '../platform/mail.js';
import type { Database, Executor } from './client.js';
import { mailOutbox } from './schema/index.js';

/**
 * The mail outbox in PostgreSQL: a mail is written in the transaction of the change that causes
 * it, so it is kept exactly when that change commits; the mailer then sends it and records how
 * that went.
 */
export function createMailOutbox(db: Database): MailOutbox<Executor> {
  const setStatus = async (id: number, values: Partial<typeof mailOutbox.$inferInsert>) => {
    await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
  };
  const addMany = async (executor: Executor, messages: readonly MailMessage[]) => {
    // A multi-row INSERT returns its rows in the order of its VALUES.
    const rows = await executor
      .insert(mailOutbox)
      .values(messages.map((message) => ({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null })))
      .returning({ id: mailOutbox.id });
    return rows.map((row) => row.id);
  };
  return {
    add: async (executor: Executor, message: MailMessage) => (await addMany(executor, [message]))[0]!,
    addMany,
    async findPending(id) {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail || mail.status !== 'pending') return undefined;
      return { to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined };
    },
    markLogged: (id) => setStatus(id, { status: 'logged', sentAt: new Date() }),
    markSent: (id) => setStatus(id, { status: 'sent', sentAt: new Date(), error: null }),
    markFailed: (id, error) => setStatus(id, { status: 'failed', error: error.slice(0, 500) }),
  };
}
