import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Mail goes through the outbox table: `enqueue` writes it in the caller's transaction, so a mail is
 * kept exactly when the change that caused it commits; `deliver` then sends it over SMTP when
 * configured, or prints it whole to the server's output (status `logged`) for a local run.
 */
export interface Mailer {
  enqueue(executor: Executor, message: MailMessage): Promise<number>;
  deliver(outboxId: number): Promise<void>;
  /**
   * Delivers after the caller's transaction has committed and off the request path, so an answer
   * takes the same time whether a mail went out or not; a failure is logged, never thrown.
   */
  deliverSoon(outboxId: number): void;
}

export function createMailer(deps: { db: Database; smtpUrl: string | undefined; from: string; log: Logger; print?: (text: string) => void }): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  const print = deps.print ?? ((text: string) => process.stdout.write(text));

  const mailer: Mailer = {
    deliverSoon(outboxId) {
      setImmediate(() => void mailer.deliver(outboxId).catch((error: unknown) => deps.log.error({ err: error, outboxId }, 'mail delivery failed')));
    },
    async enqueue(executor, message) {
      const [row] = await executor
        .insert(mailOutbox)
        .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    async deliver(outboxId) {
      const [mail] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      if (!mail || mail.status !== 'pending') return;
      if (!transport) {
        print(
          [
            '',
            '──────── mail (no SMTP_URL set: printed, not sent) ────────',
            `From: ${deps.from}`,
            `To: ${mail.toAddress}`,
            `Subject: ${mail.subject}`,
            '',
            mail.textBody,
            '───────────────────────────────────────────────────────────',
            '',
          ].join('\n'),
        );
        await deps.db.update(mailOutbox).set({ status: 'logged', sentAt: new Date() }).where(eq(mailOutbox.id, outboxId));
        return;
      }
      try {
        await transport.sendMail({ from: deps.from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody ?? undefined });
        await deps.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(mailOutbox.id, outboxId));
      } catch (error) {
        deps.log.error({ err: error, outboxId }, 'sending mail failed');
        await deps.db.update(mailOutbox).set({ status: 'failed', error: String((error as Error).message).slice(0, 500) }).where(eq(mailOutbox.id, outboxId));
      }
    },
  };
  return mailer;
}
