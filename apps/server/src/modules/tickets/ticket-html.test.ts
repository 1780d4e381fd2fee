import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeTicketHtml } from './ticket-html.js';

const VECTORS = readFileSync(new URL('../../../../../../shared/security/xss-rsnake.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

describe('sanitizeTicketHtml', () => {
  it('leaves plain text alone', async () => {
    expect(await sanitizeTicketHtml('Printer at Dock 2 & 3 "offline"')).toBe('Printer at Dock 2 & 3 "offline"');
  });

  it('keeps the allowed markup and safe links, opening them in a new tab', async () => {
    expect(
      await sanitizeTicketHtml(
        '<p>See <a href="https://kb.example/x" class="k">this</a> and <a href="mailto:a@b.example">mail</a></p><ul><li><strong>x</strong></li></ul>',
      ),
    ).toBe(
      '<p>See <a href="https://kb.example/x" target="_blank" rel="noopener noreferrer nofollow">this</a> and <a href="mailto:a@b.example" target="_blank" rel="noopener noreferrer nofollow">mail</a></p><ul><li><strong>x</strong></li></ul>',
    );
  });

  it('keeps a lone "<" as HTML text, so the browser shows it as written', async () => {
    expect(await sanitizeTicketHtml('if a < b\nthen')).toBe('<p>if a &lt; b<br>then</p>');
  });

  it('is stable: sanitizing twice changes nothing', async () => {
    for (const vector of VECTORS) expect(await sanitizeTicketHtml(await sanitizeTicketHtml(vector))).toBe(await sanitizeTicketHtml(vector));
  });

  it.each(VECTORS)('leaves nothing that can run in %s', async (vector) => {
    const clean = await sanitizeTicketHtml(vector);
    expect(clean).not.toMatch(/<(script|iframe|frame|object|embed|form|input|img|svg|style|link|meta|base|body|xml|layer|bgsound)\b/i);
    expect(clean).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/<[^>]+\s(style|src|background)\s*=/i);
    expect(clean).not.toMatch(/href\s*=\s*["']?\s*(javascript|vbscript|data|livescript|mocha):/i);
  });
});
