import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { acceptedEncoding, prerenderedAddressFor, skeletonPathFor } from './prerendered-pages.js';

/**
 * Stand-ins for the web app's prerender program (apps/web/src/prerender.tsx; its real markup is tested in
 * apps/web/src/app/prerender-page.test.tsx and, hydrated in Chromium, in e2e/prerendered-pages.spec.ts):
 * the same protocol over the IPC channel, with markup that shows what the program was given. The document
 * itself (the markup in index.html, its compression) is tested in apps/web/src/app/prerender-document.test.ts.
 */
const PROGRAMS = {
  working: `import { brotliCompressSync, gzipSync } from 'node:zlib';
process.once('message', ({ config, template, urls }) => {
  const page = (url) => {
    const html = template.replace('<div id="root"></div>', '<div id="root"><main data-address="' + url + '"><p>' + config.providerName + ' · ' + config.supportPhone + '</p><button type="submit">Sign in</button></main></div>');
    return { html, br: brotliCompressSync(html).toString('base64'), gzip: gzipSync(html).toString('base64') };
  };
  const skeleton = (path) => {
    const html = template.replace('<div id="root"></div>', '<div id="signed-in-skeleton"><h1>' + path + '</h1></div><div id="root"></div>');
    return { html, br: brotliCompressSync(html).toString('base64'), gzip: gzipSync(html).toString('base64') };
  };
  const skeletons = Object.fromEntries(['/apps', '/tickets', '/it-assets', '/it-assets/vault'].map((path) => [path, skeleton(path)]));
  process.send({ pages: Object.fromEntries(urls.map((url) => [url, page(url)])), skeletons }, () => process.disconnect());
});`,
  failing: `process.once('message', () => process.send({ error: 'Error: Mantine could not render' }, () => process.disconnect()));`,
  crashing: `console.error('something broke before the answer'); process.exit(3);`,
  incomplete: `process.once('message', ({ template }) => process.send({ pages: { '/login': { html: template, br: 'AA==', gzip: 'AA==' } } }, () => process.disconnect()));`,
};

const INDEX_HTML =
  '<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

function webBuildWith(program: keyof typeof PROGRAMS) {
  const folder = mkdtempSync(join(tmpdir(), 'portal-prerender-'));
  writeFileSync(join(folder, 'index.html'), INDEX_HTML);
  writeFileSync(join(folder, 'prerender.mjs'), PROGRAMS[program]);
  return { webDistDir: folder, webPrerenderEntry: join(folder, 'prerender.mjs'), logFile: join(folder, 'server.log') };
}

const page = (test: TestApp, url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml', ...headers } });
const rootOf = (html: string) => /<div id="root">(.*)<\/div><\/body>/s.exec(html)?.[1];
const skeletonOf = (html: string) => /<div id="signed-in-skeleton"><h1>(.*?)<\/h1><\/div><div id="root"><\/div>/.exec(html)?.[1];

describe('prerendered signed-out pages and signed-in skeletons', () => {
  let test: TestApp;

  beforeAll(async () => {
    const build = webBuildWith('working');
    test = await buildTestApp({ PROVIDER_NAME: 'Northwind Managed IT', SUPPORT_PHONE: '+1 (555) 010-4242' }, build);
  });
  afterAll(() => test.close());

  it('serves the plain index.html until the render is done', async () => {
    const response = await page(test, '/login');
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
  });

  describe('once rendered', () => {
    beforeAll(() => test.app.prerenderPages());

    it.each([
      ['/login', '/login'],
      ['/login?next=%2Ftickets%2F42', '/login'],
      ['/forgot-password', '/forgot-password'],
      ['/page-change-password?token=a1b2c3', '/page-change-password?token=from-the-link'],
      ['/page-change-password', '/page-change-password'],
      ['/page-change-password?token=', '/page-change-password'],
    ])('answers %s with index.html holding the markup rendered at %s, with the configured provider', async (url, renderedAt) => {
      const response = await page(test, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      const root = rootOf(response.body);
      expect(root).toContain(`<main data-address="${renderedAt}">`);
      expect(root).toContain('Northwind Managed IT · +1 (555) 010-4242');
      expect(root).toContain('>Sign in</button>');
      // The rest of index.html as built: the app's script still loads and hydrates the markup.
      expect(response.body).toContain('<script type="module" src="/assets/index-abc.js"></script>');
      // The reset link's token never ends up in the page.
      expect(response.body).not.toContain('a1b2c3');
    });

    it('leaves every other page the plain index.html', async () => {
      for (const url of ['/', '/login/extra', '/profile?next=/login', '/appsx', '/ticket']) {
        const response = await page(test, url);
        expect(response.statusCode, url).toBe(200);
        expect(rootOf(response.body), url).toBe('');
        expect(skeletonOf(response.body), url).toBeUndefined();
      }
    });

    it.each([
      ['/apps', '/apps'],
      ['/tickets?status=closed', '/tickets'],
      ['/tickets/42', '/tickets'],
      ['/it-assets', '/it-assets'],
      ['/it-assets/vault', '/it-assets/vault'],
    ])('answers the signed-in screen %s with the skeleton of %s before an empty #root', async (url, screen) => {
      const response = await page(test, url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(response.rawPayload).toString('utf8');
      expect(skeletonOf(html)).toBe(screen);
      expect(rootOf(html)).toBe('');
    });

    it('answers a request that does not accept HTML as before', async () => {
      const response = await test.app.inject({ method: 'GET', url: '/login', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(404);
    });

    it('sends the page compressed as the browser accepts it', async () => {
      const brotli = await page(test, '/login', { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toContain('Northwind Managed IT');
      const gzipped = await page(test, '/login', { 'accept-encoding': 'gzip, br;q=0' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(brotliDecompressSync(brotli.rawPayload).toString('utf8'));
      const plain = await page(test, '/login');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('Northwind Managed IT');
    });

    it('answers 304 to a browser that holds the same page', async () => {
      const first = await page(test, '/forgot-password');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const again = await page(test, '/forgot-password', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await page(test, '/login')).headers.etag).not.toBe(etag);
    });
  });
});

describe('which skeleton answers a path', () => {
  const screens = ['/apps', '/tickets', '/it-assets', '/it-assets/vault'];
  it.each([
    ['/apps', '/apps'],
    ['/tickets/42', '/tickets'],
    ['/it-assets/vault', '/it-assets/vault'],
    ['/it-assets/vault/7', '/it-assets/vault'],
    ['/it-assets/other', '/it-assets'],
    ['/ticketsx', undefined],
    ['/', undefined],
  ])('%s: %s', (path, expected) => {
    expect(skeletonPathFor(path, screens)).toBe(expected);
  });
});

describe('a prerender that fails', () => {
  it.each([
    ['answers with an error', 'failing', 'Mantine could not render'],
    ['exits without an answer', 'crashing', 'something broke before the answer'],
    ['leaves out a page', 'incomplete', 'left out /forgot-password'],
  ] as const)('(it %s) leaves the pages the plain index.html and says why in the log', async (_, program, reason) => {
    const build = webBuildWith(program);
    const test = await buildTestApp({}, { ...build, logger: createLogger('info', { file: build.logFile }) });
    try {
      await test.app.prerenderPages();
      for (const url of ['/login', '/forgot-password', '/page-change-password?token=x']) {
        const response = await page(test, url);
        expect(response.statusCode, url).toBe(200);
        expect(rootOf(response.body), url).toBe('');
      }
      const warnings = readFileSync(build.logFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
        .filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.msg).toContain('could not be prerendered');
      expect(warnings[0]?.err?.message).toContain(reason);
    } finally {
      await test.close();
    }
  });

  it('when the program is missing (a web build without it) also falls back', async () => {
    const build = webBuildWith('working');
    const test = await buildTestApp(
      {},
      { ...build, webPrerenderEntry: join(build.webDistDir, 'no-such-program.js'), logger: createLogger('info', { file: build.logFile }) },
    );
    try {
      await test.app.prerenderPages();
      expect(rootOf((await page(test, '/login')).body)).toBe('');
      expect(readFileSync(build.logFile, 'utf8')).toContain('built without its prerender');
    } finally {
      await test.close();
    }
  });
});

describe('which prerendered page answers an address', () => {
  it('decides the password-change page by its token as the page does', () => {
    expect(prerenderedAddressFor('/page-change-password', '?token=abc&x=1')).toBe('/page-change-password?token=from-the-link');
    expect(prerenderedAddressFor('/page-change-password', '?x=1&token=')).toBe('/page-change-password');
    expect(prerenderedAddressFor('/page-change-password', '')).toBe('/page-change-password');
    expect(prerenderedAddressFor('/login', '?token=abc')).toBe('/login');
    expect(prerenderedAddressFor('/apps', '')).toBeUndefined();
  });

  it('picks brotli, then gzip, as Accept-Encoding allows', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('BR;q=0.5')).toBe('br');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
