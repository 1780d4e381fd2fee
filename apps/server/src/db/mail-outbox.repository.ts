import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { enqueueJobs } from '../platform/job-queue.js';
import { MAIL_DELIVERY_QUEUE, type MailMessage, type MailOutbox } from '../platform/mail.js';
import { usesNamedStatements, type Database, type Executor } from './client.js';
import { executeSqlOn } from './execute-sql.js';
import { mailOutbox } from './schema/index.js';

/**
 * The mail outbox in PostgreSQL: a mail is written in the transaction of the change that causes
 * it, with the job that sends it (decision 0041), so both are kept exactly when that change
 * commits; the mailer's worker then sends it and records how that went.
 */
export function createMailOutbox(db: Database): MailOutbox<Executor> {
  // The job's insert planned once per connection, where the connection keeps prepared statements (decision 0038).
  const enqueueStatement = usesNamedStatements(db) ? 'portal_enqueue_mail' : undefined;
  const setStatus = async (id: number, values: Partial<typeof mailOutbox.$inferInsert>) => {
    await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
  };
  const addMany = async (executor: Executor, messages: readonly MailMessage[], eventId?: string) => {
    // A multi-row INSERT returns its rows in the order of its VALUES.
    const rows = await executor
      .insert(mailOutbox)
      .values(
        messages.map((message) => ({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          headers: message.headers ?? null,
          eventId,
        })),
      )
      // An event's mail to an address is written once, however often its consumer runs.
      .onConflictDoNothing({ target: [mailOutbox.eventId, mailOutbox.toAddress] })
      .returning({ id: mailOutbox.id });
    const ids = rows.map((row) => row.id);
    await enqueueJobs(
      executeSqlOn(executor, enqueueStatement),
      ids.map((id) => ({ queue: MAIL_DELIVERY_QUEUE, data: { outbox_id: id } })),
    );
    return ids;
  };
  return {
    add: async (executor: Executor, message: MailMessage, options = {}) => (await addMany(executor, [message], options.eventId))[0],
    addMany: (executor: Executor, messages: readonly MailMessage[]) => addMany(executor, messages),
    async findPending(id) {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!mail || mail.status !== 'pending') return undefined;
      return { to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined, headers: mail.headers ?? undefined };
    },
    markLogged: (id) => setStatus(id, { status: 'logged', sentAt: new Date() }),
    markSent: (id) => setStatus(id, { status: 'sent', sentAt: new Date(), error: null }),
    markFailed: (id, error) => setStatus(id, { status: 'failed', error: error.slice(0, 500) }),
    recordAttemptFailure: (id, error) => setStatus(id, { error: error.slice(0, 500) }),
  };
}

/**
 * A mail's body can hold a live invitation or password-reset link, so the outbox is not an archive: a delivered mail is
 * kept a day (to answer "did it go out?"), one that failed a week (to look into why), and a pending one is never
 * deleted. Answers how many went (the maintenance sweep).
 */
export async function sweepKeptMails(db: Executor): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(
      or(
        and(inArray(mailOutbox.status, ['sent', 'logged']), lt(mailOutbox.sentAt, sql`now() - interval '1 day'`)),
        and(sql`${mailOutbox.status} = 'failed'`, lt(mailOutbox.createdAt, sql`now() - interval '7 days'`)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
