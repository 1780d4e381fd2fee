import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { Mailer } from '../../platform/mail.js';
import { waitsForDigest } from './audience.js';
import { digestKey, dailyDigestReaders, lastDigestAt, unreadNotificationsBetween } from './digest.repository.js';
import { digestMail } from './digest-mail.js';
import { claimReminder } from './reminders.repository.js';

/** The job queue's queue of the daily digest (decision 0046). */
export const DIGEST_QUEUE = 'notification-digest';
/** Hourly, so each contact's digest goes out in the hour it is due in their own time zone. */
export const DIGEST_CRON = '7 * * * *';
/** The local hour from which a contact's digest of the day is sent: before the working day. */
export const DIGEST_LOCAL_HOUR = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The date and hour at `now` in a time zone (the contact's profile); an unknown zone reads as UTC. */
export function localClock(now: Date, timeZone: string): { date: string; hour: number } {
  const fields = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', { ...fields, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { ...fields, timeZone: 'UTC' });
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export interface DigestDeps {
  db: Database;
  mailer: Mailer<Executor>;
  portal: { providerName: string; providerColor: string; portalUrl: string };
}

/**
 * The daily digest (issue 35): a contact who chose "once a day" is mailed, from 07:00 of their own time zone, one
 * mail with what the portal told them since their last digest and they have not read, instead of a mail for each.
 * Each contact's day is claimed by its key in the mail's transaction, so a run tried again, or on two instances,
 * mails no one twice; a day with nothing unread is claimed and mails nothing. Answers how many digests were mailed.
 */
export function createDigestRunner({ db, mailer, portal }: DigestDeps) {
  return {
    async runOnce(now = new Date()): Promise<number> {
      let mailed = 0;
      for (const reader of await dailyDigestReaders(db)) {
        const local = localClock(now, reader.timeZone);
        if (local.hour < DIGEST_LOCAL_HOUR) continue;
        const sent = await inTransaction(db, async (tx) => {
          // Read before the claim: the claim is this digest's own mark.
          const since = (await lastDigestAt(tx, reader.id)) ?? new Date(now.getTime() - DAY_MS);
          if (!(await claimReminder(tx, digestKey(reader.id, local.date), reader.accountId, now))) return false;
          const items = (await unreadNotificationsBetween(tx, reader.accountId, reader.id, since, now)).filter(
            (item) => waitsForDigest(item.category, reader.preferences) && reader.preferences.categories[item.category].email,
          );
          if (items.length === 0) return false;
          await mailer.enqueue(tx, await digestMail({ recipient: reader, items, ...portal }));
          return true;
        });
        if (sent) mailed += 1;
      }
      return mailed;
    },
  };
}
export type DigestRunner = ReturnType<typeof createDigestRunner>;
