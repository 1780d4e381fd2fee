import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, loggableUrl } from './logger.js';

const LINK_TOKEN = 'tl1.xspDxVHB_z4zyzwkpPWuWQZa.1.1.l.tp4dsq.yEQjlEmiWzGB4sHzhDeAmOlLozocfTyKbb4IqNQVSK0';
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function loggedLines(write: (logger: ReturnType<typeof createLogger>) => void): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-log-'));
  folders.push(folder);
  const file = join(folder, 'server.log');
  write(createLogger('info', { file }));
  return readFileSync(file, 'utf8');
}

describe('log lines keep no secret (decision 0024)', () => {
  it('replaces a link token in a logged URL', () => {
    expect(loggableUrl(`/api/crm/support-tools/links/${LINK_TOKEN}?os=windows`)).toBe('/api/crm/support-tools/links/[redacted]?os=windows');
    expect(loggableUrl('/assets/index-CGrVwrpIabcdefghijklmnopqrstuvwxyz012345.js')).toBe('/assets/index-CGrVwrpIabcdefghijklmnopqrstuvwxyz012345.js');
  });

  it('replaces a link token that an error quotes in its message and its stack (Fastify\'s "Reply was already sent")', () => {
    const error = new Error(`Reply was already sent, did you forget to "return reply" in "/api/crm/support-tools/links/${LINK_TOKEN}" (GET)?`);
    const log = loggedLines((logger) => logger.warn({ err: error }));
    expect(log).not.toContain(LINK_TOKEN);
    expect(log).not.toContain('yEQjlEmiWzGB4sHzhDeAmOlLozocfTyKbb4IqNQVSK0');
    const line = JSON.parse(log.trim()) as { err: { message: string; stack: string; type: string } };
    expect(line.err.type).toBe('Error');
    expect(line.err.message).toBe('Reply was already sent, did you forget to "return reply" in "/api/crm/support-tools/links/[redacted]" (GET)?');
    expect(line.err.stack).toContain('/api/crm/support-tools/links/[redacted]');
    expect(line.err.stack).toMatch(/logger\.test\.ts/);
  });

  it('censors card fields of a logged object, the security code (CVC) among them', () => {
    const log = loggedLines((logger) => {
      logger.info({ payment: { amount: 12, cc_num: '4242424242424242', cc_cvc: '737' } }, 'payment');
      logger.info({ credit_card_info: { number: '4242424242424242', cvc: '7373', cc_cvv: '737', cvv: '737' } }, 'card');
    });
    expect(log).not.toContain('4242424242424242');
    const [payment, card] = log
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Record<string, Record<string, unknown>>);
    expect(payment!.payment).toEqual({ amount: 12, cc_num: '[redacted]', cc_cvc: '[redacted]' });
    expect(card!.credit_card_info).toEqual({ number: '[redacted]', cvc: '[redacted]', cc_cvv: '[redacted]', cvv: '[redacted]' });
  });

  it('replaces a link token in a plain message, and leaves other messages as they are', () => {
    const log = loggedLines((logger) => {
      logger.info(`opened /api/crm/support-tools/links/${LINK_TOKEN} for a download`);
      logger.info('request completed');
    });
    const [opened, completed] = log
      .trim()
      .split('\n')
      .map((text) => (JSON.parse(text) as { msg: string }).msg);
    expect(opened).toBe('opened /api/crm/support-tools/links/[redacted] for a download');
    expect(completed).toBe('request completed');
  });
});
