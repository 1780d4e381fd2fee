import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { createMailer, type MailMessage, type MailOutbox } from './mail.js';

/** The outbox as rows in memory: what the mailer records of each attempt. */
function memoryOutbox() {
  const rows = new Map<number, MailMessage & { status: string; error: string | null }>();
  const outbox: MailOutbox<unknown> = {
    add: async () => undefined,
    addMany: async () => [],
    findPending: async (id) => (rows.get(id)?.status === 'pending' ? rows.get(id) : undefined),
    markLogged: async (id) => void Object.assign(rows.get(id)!, { status: 'logged' }),
    markSent: async (id) => void Object.assign(rows.get(id)!, { status: 'sent', error: null }),
    markFailed: async (id, error) => void Object.assign(rows.get(id)!, { status: 'failed', error }),
    recordAttemptFailure: async (id, error) => void Object.assign(rows.get(id)!, { error }),
  };
  return { rows, outbox };
}

/** A port on which nothing answers SMTP: a listener that hangs up at once. */
async function refusingSmtp(): Promise<{ url: string; close: () => void }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => server.close() };
}

describe('a failing SMTP server (decision 0046)', () => {
  it('delays a mail, never loses it: the attempt throws for the queue to retry, the mail stays pending with the error', async () => {
    const { rows, outbox } = memoryOutbox();
    rows.set(1, { to: 'dana@example.test', subject: 'Hello', text: 'Hi', status: 'pending', error: null });
    const smtp = await refusingSmtp();
    try {
      const failing = createMailer({ outbox, smtpUrl: smtp.url, from: 'portal@example.test', log: createLogger('silent') });
      await expect(failing.deliver(1)).rejects.toThrow();
      expect(rows.get(1)).toMatchObject({ status: 'pending', error: expect.any(String) });
    } finally {
      smtp.close();
    }
    // The next attempt, once mail goes out again (printed here: no SMTP in this test), sends it.
    const working = createMailer({ outbox, smtpUrl: undefined, from: 'portal@example.test', log: createLogger('silent'), print: () => undefined });
    await working.deliver(1);
    expect(rows.get(1)).toMatchObject({ status: 'logged' });
  });
});
