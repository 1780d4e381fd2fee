import type { AppConfig } from '../config/index.js';
import type { Executor } from '../db/client.js';
import type { EventConsumer } from '../events/event-recorder.js';
import type { Mailer } from '../platform/mail.js';
import { consequencesOf } from './consequences-by-type.js';

/**
 * The mails, made from the domain events (decision 0041): written to the outbox in the event's transaction with the
 * jobs that send them, at most once per event and address.
 */
export function mailConsumer({ mailer, config }: { mailer: Mailer<Executor>; config: AppConfig }): EventConsumer {
  return {
    name: 'mail',
    async consume(tx, event) {
      const mails = (await consequencesOf(event).mails?.(event, { config })) ?? [];
      for (const message of mails) await mailer.enqueue(tx, message, { eventId: event.id });
    },
  };
}
