import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { AppConfig } from '../config/index.js';
import { AppError } from '../platform/app-error.js';
import { API_BASE } from './register-endpoints.js';
import type { Database } from '../db/client.js';
import { prerenderKey, readOrRenderPages, type KeptPages } from './prerender-cache.js';
import {
  acceptedEncoding,
  prerenderedAddressFor,
  runPrerenderProgram,
  sendablePages,
  skeletonPathFor,
  type PrerenderedPage,
  type ProgramPages,
} from './prerendered-pages.js';

/** Rendering takes a few seconds of CPU; a program that hangs is killed after this. */
const PRERENDER_TIMEOUT_MS = 30_000;
/** How long a start waits for another instance that is rendering the same pages before rendering them itself. */
const PRERENDER_LOCK_WAIT_MS = PRERENDER_TIMEOUT_MS + 5_000;
/** /readyz waits this long at most for the pages; then the instance serves without them (decision 0037). */
export const PRERENDER_READY_WAIT_MS = 45_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Loads the signed-out pages and the signed-in screens' skeletons (decision 0022): read from the database when
     * this build and configuration were rendered before, else rendered once for the cluster (decision 0037). server.ts
     * calls it at start without waiting; /readyz answers 503 until it is done, or for PRERENDER_READY_WAIT_MS at
     * most. Until it is done, and if it fails (a warning in the log), those pages are the plain index.html. Never
     * rejects.
     */
    prerenderPages: () => Promise<void>;
  }
}

/** The settings the browser app reads at start-up (`window.__PORTAL_CONFIG__`); nothing secret. */
export function publicWebConfig(config: AppConfig) {
  return {
    apiBase: API_BASE,
    providerName: config.provider.name,
    providerEmailDomain: config.provider.emailDomain,
    supportPhone: config.provider.supportPhone,
    supportEmail: config.provider.supportEmail,
    portalHomeUrl: config.provider.portalHomeUrl,
  };
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and any
 * other GET that accepts HTML answered with index.html so client-side routes survive a reload. The
 * signed-out pages, once prerendered, are index.html with their markup inside #root; a signed-in screen's
 * addresses, index.html with that screen's skeleton before the empty #root.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: AppConfig,
  { db, webDistDir, prerenderEntry, readyWaitMs = PRERENDER_READY_WAIT_MS }: { db: Database; webDistDir: string; prerenderEntry: string; readyWaitMs?: number },
): Promise<void> {
  const configScript = `window.__PORTAL_CONFIG__ = ${JSON.stringify(publicWebConfig(config)).replace(/</g, '\\u003c')};\n`;
  app.get('/config.js', async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    // The plugin sends the files (reply.sendFile), routed here: one route for each file at the root, one per folder
    // that looks its file up among those the build wrote. Its own routing either added a route per file (the build's
    // 490 files with their .br and .gz: about 150 ms of the router's CPU at every start, issue 34) or, as one wildcard,
    // read each folder on the path at every request.
    await app.register(fastifyStatic, {
      root: webDistDir,
      serve: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts); the one the
      // browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    routeBuiltFiles(app, await builtFiles(webDistDir));
  }

  const prerendered = new Map<string, PrerenderedPage>();
  const skeletons = new Map<string, PrerenderedPage>();
  /** A signed-out page's document, or else the skeleton of the signed-in screen the path is at or under, once rendered. */
  const prerenderedPageFor = (path: string, search: string): PrerenderedPage | undefined => {
    const address = prerenderedAddressFor(path, search);
    if (address !== undefined) return prerendered.get(address);
    const screen = skeletonPathFor(path, skeletons.keys());
    return screen === undefined ? undefined : skeletons.get(screen);
  };
  const closing = new AbortController();
  app.addHook('onClose', async () => closing.abort());
  app.decorate('prerenderPages', async () => {
    if (!hasBuild) return;
    const startedAt = performance.now();
    app.readiness.pagesLoading = true;
    const waitedTooLong = setTimeout(() => {
      app.readiness.pagesLoading = false;
      app.log.warn(
        { waitedMs: readyWaitMs },
        'ready without the prerendered pages, which are still loading; until they are, those pages are the plain app, rendered in the browser',
      );
    }, readyWaitMs);
    waitedTooLong.unref();
    try {
      const template = await readFile(join(webDistDir, 'index.html'), 'utf8');
      const inputs = { entry: prerenderEntry, config: publicWebConfig(config), template };
      const { pages, source } = await keptOrRendered(app, db, inputs, () =>
        runPrerenderProgram({ ...inputs, timeoutMs: PRERENDER_TIMEOUT_MS, signal: closing.signal }),
      );
      const loaded = sendablePages(pages);
      for (const [address, page] of loaded.pages) prerendered.set(address, page);
      for (const [path, page] of loaded.skeletons) skeletons.set(path, page);
      // Counts, not the addresses: one has a `token` query, which the log's secret check rightly refuses.
      app.log.info(
        { pages: loaded.pages.size, skeletons: loaded.skeletons.size, source, ms: Math.round(performance.now() - startedAt) },
        'signed-out pages and signed-in skeletons loaded',
      );
    } catch (error) {
      if (closing.signal.aborted) return;
      app.log.warn({ err: error }, 'the signed-out pages and signed-in skeletons could not be prerendered; they stay the plain app, rendered in the browser');
    } finally {
      clearTimeout(waitedTooLong);
      app.readiness.pagesLoading = false;
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : request.url.slice(queryAt);
    if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
      throw new AppError('not_found', `There is no ${request.method} ${path} in the portal API`);
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) throw new AppError('not_found', `Nothing at ${path}`);
    if (!hasBuild) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet. Run `npm start` (it builds first) or `npm run build`.');
    }
    const page = prerenderedPageFor(path, search);
    if (page) {
      reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      // @fastify/compress only reaches routes, not this handler: the page was compressed when it was made.
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(encoding ? page[encoding] : page.html);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * The pages from the database's cache (prerender-cache.ts), or rendered here when the cache cannot be used (the
 * database failed: a warning, and the render this instance would have done anyway). A failed render is not tried
 * twice.
 */
async function keptOrRendered(
  app: FastifyInstance,
  db: Database,
  inputs: { entry: string; template: string; config: object },
  run: () => Promise<ProgramPages>,
): Promise<KeptPages> {
  let renderFailed = false;
  const render = () =>
    run().catch((error: unknown) => {
      renderFailed = true;
      throw error;
    });
  // A missing program has no key; the render says what is missing.
  const key = await prerenderKey(inputs).catch(() => undefined);
  if (key === undefined) return { pages: await render(), source: 'rendered' };
  try {
    const kept = await readOrRenderPages({ db, key, render, lockWaitMs: PRERENDER_LOCK_WAIT_MS });
    if (kept.notKept) app.log.warn({ err: kept.notKept }, 'the prerendered pages could not be kept in the database; the next start renders them again');
    return kept;
  } catch (error) {
    if (renderFailed) throw error;
    app.log.warn({ err: error }, 'the prerendered pages could not be read from the database; rendering them here');
    return { pages: await render(), source: 'rendered' };
  }
}

/** The build's files by folder ('' for the root), as the browser asks for them: not the .br and .gz copies, nor dot files. */
async function builtFiles(webDistDir: string): Promise<Map<string, Set<string>>> {
  const byFolder = new Map<string, Set<string>>();
  for (const entry of await readdir(webDistDir, { recursive: true, withFileTypes: true })) {
    const folder = relative(webDistDir, entry.parentPath);
    const hidden = entry.name.startsWith('.') || folder.split('/').some((part) => part.startsWith('.'));
    if (!entry.isFile() || hidden || /\.(br|gz)$/.test(entry.name)) continue;
    byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(entry.name));
  }
  return byFolder;
}

/** GET (and HEAD) of each file: a route per file at the root, `/<folder>/:file` for a folder's; an unknown name is not found. */
function routeBuiltFiles(app: FastifyInstance, byFolder: Map<string, Set<string>>) {
  for (const [folder, files] of byFolder) {
    if (folder === '') {
      for (const file of files) app.get(`/${file}`, (_request, reply) => reply.sendFile(file));
      continue;
    }
    app.get<{ Params: { file: string } }>(`/${folder}/:file`, (request, reply) =>
      files.has(request.params.file) ? reply.sendFile(`${folder}/${request.params.file}`) : reply.callNotFound(),
    );
  }
}
