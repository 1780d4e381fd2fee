import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/client.js';
import { createLogger } from '../platform/logger.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { prerenderKey } from './prerender-cache.js';

/**
 * The prerendered pages kept in the database (decision 0037). The stand-in program speaks the real one's protocol
 * (see prerendered-pages.routes.test.ts), waits `delayMs` before answering, and appends a line to `runs.log` in its
 * folder each time it renders, so a test counts the renders of every instance that shares the database.
 */
function webBuild({ delayMs = 0, hang = false } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'portal-prerender-cache-'));
  const runs = join(folder, 'runs.log');
  writeFileSync(join(folder, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>');
  writeFileSync(
    join(folder, 'prerender.mjs'),
    `import { appendFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
process.once('message', ({ config, template, urls }) => {
  appendFileSync(${JSON.stringify(runs)}, 'rendered\\n');
  if (${hang}) return setInterval(() => undefined, 1000);
  const doc = (markup) => {
    const html = template.replace('<div id="root"></div>', '<div id="root">' + markup + '</div>');
    return { html, br: brotliCompressSync(html).toString('base64'), gzip: gzipSync(html).toString('base64') };
  };
  setTimeout(() => process.send({
    pages: Object.fromEntries(urls.map((url) => [url, doc('<main>' + url + ' for ' + config.providerName + '</main>')])),
    skeletons: { '/tickets': doc('<h1>tickets</h1>') },
  }, () => process.disconnect()), ${delayMs});
});`,
  );
  return {
    build: { webDistDir: folder, webPrerenderEntry: join(folder, 'prerender.mjs') },
    renders: () => readFileSync(runs, 'utf8').split('\n').filter(Boolean).length,
    logFile: join(folder, 'server.log'),
    folder,
  };
}

const loginRoot = async (test: TestApp) =>
  /<div id="root">(.*)<\/div><\/body>/s.exec((await test.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } })).body)?.[1];
const readyz = async (test: TestApp) => {
  const response = await test.app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, body: response.json() as { status: string } };
};
const logLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; source?: string });

describe('the prerendered pages kept in the database', () => {
  const web = webBuild({ delayMs: 300 });
  let first: TestApp;
  const others: TestApp[] = [];

  beforeAll(async () => {
    first = await buildTestApp({ PROVIDER_NAME: 'Northwind Managed IT' }, { ...web.build, logger: createLogger('info', { file: web.logFile }) });
  });
  afterAll(async () => {
    for (const test of others) await test.close();
    await first.close();
  });

  it('are rendered by the first start and read by the next, which serves the same pages without running the program', async () => {
    await first.app.prerenderPages();
    expect(web.renders()).toBe(1);
    expect(await loginRoot(first)).toBe('<main>/login for Northwind Managed IT</main>');
    expect(logLines(web.logFile).find((line) => line.msg.includes('loaded'))?.source).toBe('rendered');

    const second = await buildTestApp({ PROVIDER_NAME: 'Northwind Managed IT' }, { ...web.build, database: first.database });
    others.push(second);
    await second.app.prerenderPages();
    expect(web.renders()).toBe(1);
    expect(await loginRoot(second)).toBe('<main>/login for Northwind Managed IT</main>');
    const skeleton = await second.app.inject({ method: 'GET', url: '/tickets/42', headers: { accept: 'text/html' } });
    expect(skeleton.body).toContain('<h1>tickets</h1>');
  });

  it('are rendered anew for another configuration, and both stay kept', async () => {
    const renamed = await buildTestApp({ PROVIDER_NAME: 'Contoso Support' }, { ...web.build, database: first.database });
    others.push(renamed);
    await renamed.app.prerenderPages();
    expect(web.renders()).toBe(2);
    expect(await loginRoot(renamed)).toBe('<main>/login for Contoso Support</main>');
    const { rows } = await first.database.pool.query<{ rendered_by: string }>('SELECT rendered_by FROM prerendered_pages');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.rendered_by).toMatch(/:\d+$/);
  });
});

describe('instances starting together on one database', () => {
  const pools: DatabaseHandle[] = [];
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const test of apps.reverse()) await test.close();
    for (const pool of pools) await pool.close();
  });

  it('render the pages once; the others wait on the lock and read them', async () => {
    const web = webBuild({ delayMs: 800 });
    const owner = await buildTestApp({}, web.build);
    apps.push(owner);
    // Each further instance with a pool (connections) of its own, as separate processes have.
    const url = String(owner.database.pool.options.connectionString);
    for (let index = 0; index < 3; index += 1) {
      const pool = connectDatabase(url, { max: 2 });
      pools.push(pool);
      apps.push(await buildTestApp({}, { ...web.build, database: pool }));
    }
    await Promise.all(apps.map((test) => test.app.prerenderPages()));
    expect(web.renders()).toBe(1);
    for (const test of apps) expect(await loginRoot(test)).toBe('<main>/login for IT Partners</main>');
  });
});

describe('/readyz while the pages load', () => {
  it('answers 503 until they are loaded, then 200', async () => {
    const web = webBuild({ delayMs: 700 });
    const test = await buildTestApp({}, web.build);
    try {
      expect((await readyz(test)).status).toBe(200);
      const loading = test.app.prerenderPages();
      expect(await readyz(test)).toEqual({ status: 503, body: { status: 'loading the prerendered pages' } });
      await loading;
      expect((await readyz(test)).status).toBe(200);
      expect(await loginRoot(test)).toContain('<main>/login');
    } finally {
      await test.close();
    }
  });

  it('turns 200 after the bounded wait when the program hangs, serving the plain app and saying so', async () => {
    const web = webBuild({ hang: true });
    const test = await buildTestApp({}, { ...web.build, prerenderReadyWaitMs: 400, logger: createLogger('info', { file: web.logFile }) });
    try {
      const loading = test.app.prerenderPages();
      expect((await readyz(test)).status).toBe(503);
      await sleep(700);
      expect((await readyz(test)).status).toBe(200);
      expect(await loginRoot(test)).toBe('');
      const warnings = logLines(web.logFile).filter((line) => line.level === 40);
      expect(warnings.map((line) => line.msg)).toEqual([expect.stringContaining('ready without the prerendered pages')]);
      void loading;
    } finally {
      // Closing kills the hanging program; the render it was waiting for then ends without another warning.
      await test.close();
    }
  });
});

describe('the cache key', () => {
  const inputs = () => {
    const folder = mkdtempSync(join(tmpdir(), 'portal-prerender-key-'));
    mkdirSync(join(folder, 'assets'));
    writeFileSync(join(folder, 'prerender.js'), 'import "./assets/page.js";');
    writeFileSync(join(folder, 'assets/page.js'), 'export const markup = 1;');
    return { folder, inputs: { entry: join(folder, 'prerender.js'), template: '<div id="root"></div>', config: { providerName: 'A' } } };
  };
  const now = new Date('2026-06-01T12:00:00Z');

  it('changes with the program and its chunks, index.html, the configuration and the year, and with nothing else', async () => {
    const { folder, inputs: base } = inputs();
    const key = await prerenderKey(base, now);
    expect(await prerenderKey({ ...base }, new Date('2026-07-01T12:00:00Z'))).toBe(key);
    writeFileSync(join(folder, 'server.log'), 'a log beside the program is not part of it');
    expect(await prerenderKey(base, now)).toBe(key);
    expect(await prerenderKey({ ...base, template: '<div id="root"></div> ' }, now)).not.toBe(key);
    expect(await prerenderKey({ ...base, config: { providerName: 'B' } }, now)).not.toBe(key);
    expect(await prerenderKey(base, new Date('2027-06-01T12:00:00Z'))).not.toBe(key);
    writeFileSync(join(folder, 'assets/page.js'), 'export const markup = 2;');
    expect(await prerenderKey(base, now)).not.toBe(key);
  });

  it('rejects when the program is missing (the render then says why)', async () => {
    const { inputs: base } = inputs();
    await expect(prerenderKey({ ...base, entry: join(base.entry, '..', 'gone.js') }, now)).rejects.toThrow(/ENOENT/);
  });
});
