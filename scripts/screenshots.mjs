#!/usr/bin/env node
// Screenshots of signed-in screens at the widths we check by eye (docs/architecture.md, "Looking at what you build").
//
//   node scripts/screenshots.mjs --base http://127.0.0.1:8080 --user alice.admin@acme.example \
//        --out .data/shots /it-assets '/it-assets?tab=credentials' /billing
//
// Options: --widths 1440,1024,768,320 (default), --scheme light|dark (chosen in the user menu, as a person
// would; it is saved to that user's profile and set back to Light at the end), --full (whole page instead
// of the first screen). Prints each file and flags a page that scrolls sideways.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    user: { type: 'string', default: 'alice.admin@acme.example' },
    password: { type: 'string', default: 'demo-pass-2026' },
    out: { type: 'string', default: '.data/shots' },
    widths: { type: 'string', default: '1440,1024,768,320' },
    scheme: { type: 'string', default: 'light' },
    full: { type: 'boolean', default: false },
  },
});

const widths = values.widths.split(',').map(Number);
const paths = positionals.length > 0 ? positionals : ['/apps'];
mkdirSync(values.out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 }, colorScheme: values.scheme, baseURL: values.base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username' }).fill(values.user);
    await page.getByLabel('Password').first().fill(values.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    if (values.scheme === 'dark') await chooseTheme(page, 'Dark');
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      // Runs in the page, where `document` is the browser's.
      // eslint-disable-next-line no-undef
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const name = `${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'root'}-${width}-${values.scheme}.png`;
      const file = join(values.out, name);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(`${file}${sideways > 0 ? `  ← scrolls sideways by ${sideways}px` : ''}`);
    }
    if (values.scheme === 'dark') await chooseTheme(page, 'Light');
    await context.close();
  }
} finally {
  await browser.close();
}

async function chooseTheme(page, theme) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: theme }).click();
  await page.waitForTimeout(300);
  await page.keyboard.press('Escape');
}
