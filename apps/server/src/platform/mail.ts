import type { Transporter } from 'nodemailer';
import type { Logger } from './logger.js';
import type { MailOutcome } from './metrics.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Headers beyond the usual (a notification's one-click unsubscribe, RFC 8058). */
  headers?: Record<string, string>;
}

/** The job queue's queue that sends a mail of the outbox (decision 0041): its job carries `{ outbox_id }`. */
export const MAIL_DELIVERY_QUEUE = 'mail-delivery';

export interface MailOptions {
  /** The domain event the mail is made from: a second mail of the same event to the same address is not written. */
  eventId?: string;
}

/**
 * Where mail waits to be sent (db/mail-outbox.repository.ts). `Tx` is the caller's transaction,
 * so a mail is kept exactly when the change that caused it commits, with the job that sends it.
 */
export interface MailOutbox<Tx> {
  /** The mail's id; undefined when the event already has its mail to that address. */
  add(tx: Tx, message: MailMessage, options?: MailOptions): Promise<number | undefined>;
  /** Several mails in one write (a bulk import's invitations), their ids in the order given. */
  addMany(tx: Tx, messages: readonly MailMessage[]): Promise<number[]>;
  /** The mail, while it still waits to be sent. */
  findPending(id: number): Promise<MailMessage | undefined>;
  markLogged(id: number): Promise<void>;
  markSent(id: number): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
  /** An attempt failed: the error is kept on the mail, which stays pending for the next attempt. */
  recordAttemptFailure(id: number, error: string): Promise<void>;
}

/**
 * Mail goes through the outbox: `enqueue` writes it in the caller's transaction with a job of the mail
 * queue; once the change commits, a worker of any instance runs `deliver`, which sends the mail over SMTP
 * when configured, or prints it whole to the server's output (status `logged`) for a local run; a failed send is
 * tried again by the queue. An answer
 * thus takes the same time whether a mail goes out or not, and a mail is sent even if its instance dies.
 */
export interface Mailer<Tx = unknown> {
  enqueue(tx: Tx, message: MailMessage, options?: MailOptions): Promise<number | undefined>;
  /** `enqueue` for several mails at once; their outbox ids in the order given. */
  enqueueMany(tx: Tx, messages: readonly MailMessage[]): Promise<number[]>;
  deliver(outboxId: number): Promise<void>;
}

export function createMailer<Tx>(deps: {
  outbox: MailOutbox<Tx>;
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
  print?: (text: string) => void;
  /** Told how each delivery ended (the metrics count them). */
  counted?: (outcome: MailOutcome) => void;
}): Mailer<Tx> {
  const counted = deps.counted ?? (() => undefined);
  const { outbox } = deps;
  const { smtpUrl } = deps;
  // nodemailer (about 5 MB in memory) is loaded by the first mail sent over SMTP, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const smtpTransport = (url: string) => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const print = deps.print ?? ((text: string) => process.stdout.write(text));

  const mailer: Mailer<Tx> = {
    enqueue: (tx, message, options) => outbox.add(tx, message, options),
    enqueueMany: (tx, messages) => (messages.length === 0 ? Promise.resolve([]) : outbox.addMany(tx, messages)),
    async deliver(outboxId) {
      const mail = await outbox.findPending(outboxId);
      if (!mail) return;
      if (!smtpUrl) {
        print(
          [
            '',
            '──────── mail (no SMTP_URL set: printed, not sent) ────────',
            `From: ${deps.from}`,
            `To: ${mail.to}`,
            `Subject: ${mail.subject}`,
            ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
            '',
            mail.text,
            '───────────────────────────────────────────────────────────',
            '',
          ].join('\n'),
        );
        await outbox.markLogged(outboxId);
        counted('printed');
        return;
      }
      try {
        await (
          await smtpTransport(smtpUrl)
        ).sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
        await outbox.markSent(outboxId);
        counted('sent');
      } catch (error) {
        counted('failed');
        deps.log.error({ err: error, outboxId }, 'sending mail failed; it is tried again later');
        // Kept pending and thrown: the job queue tries it again later, so a failing SMTP server delays a mail, never
        // loses it (decision 0046).
        await outbox.recordAttemptFailure(outboxId, String((error as Error).message));
        throw error;
      }
    },
  };
  return mailer;
}
