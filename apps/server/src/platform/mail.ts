import type { Transporter } from 'nodemailer';
import type { Logger } from './logger.js';
import type { MailOutcome } from './metrics.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Where mail waits to be sent (db/mail-outbox.repository.ts). `Tx` is the caller's transaction,
 * so a mail is kept exactly when the change that caused it commits.
 */
export interface MailOutbox<Tx> {
  add(tx: Tx, message: MailMessage): Promise<number>;
  /** Several mails in one write (a bulk import's invitations), their ids in the order given. */
  addMany(tx: Tx, messages: readonly MailMessage[]): Promise<number[]>;
  /** The mail, while it still waits to be sent. */
  findPending(id: number): Promise<MailMessage | undefined>;
  markLogged(id: number): Promise<void>;
  markSent(id: number): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
}

/**
 * Mail goes through the outbox: `enqueue` writes it in the caller's transaction; `deliver` then
 * sends it over SMTP when configured, or prints it whole to the server's output (status `logged`)
 * for a local run.
 */
export interface Mailer<Tx = unknown> {
  enqueue(tx: Tx, message: MailMessage): Promise<number>;
  /** `enqueue` for several mails at once; their outbox ids in the order given. */
  enqueueMany(tx: Tx, messages: readonly MailMessage[]): Promise<number[]>;
  deliver(outboxId: number): Promise<void>;
  /**
   * Delivers after the caller's transaction has committed and off the request path, so an answer
   * takes the same time whether a mail went out or not; a failure is logged, never thrown.
   * Several are sent one after another (a bulk import's thousand invitations must not take every
   * database connection at once).
   */
  deliverSoon(outboxIds: number | readonly number[]): void;
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
    enqueue: (tx, message) => outbox.add(tx, message),
    enqueueMany: (tx, messages) => (messages.length === 0 ? Promise.resolve([]) : outbox.addMany(tx, messages)),
    deliverSoon(outboxIds) {
      const queue = typeof outboxIds === 'number' ? [outboxIds] : [...outboxIds];
      if (queue.length === 0) return;
      const deliverInTurn = async () => {
        for (const outboxId of queue) {
          await mailer.deliver(outboxId).catch((error: unknown) => deps.log.error({ err: error, outboxId }, 'mail delivery failed'));
        }
      };
      setImmediate(() => void deliverInTurn());
    },
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
        await (await smtpTransport(smtpUrl)).sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await outbox.markSent(outboxId);
        counted('sent');
      } catch (error) {
        counted('failed');
        deps.log.error({ err: error, outboxId }, 'sending mail failed');
        await outbox.markFailed(outboxId, String((error as Error).message));
      }
    },
  };
  return mailer;
}
