import { eq, lt, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Database, Executor } from '../db/client.js';
import { sqlStateOf } from '../db/errors.js';
import { inTransaction } from '../db/transaction.js';
import { prerenderedPages } from '../db/schema/index.js';
import { PRERENDERED_ADDRESSES, type ProgramPages } from './prerendered-pages.js';

/** Raised when what is kept, or how the key is made, changes: older rows are then never read again. */
const CACHE_FORMAT = 1;
/** A row no start has read for this long is deleted when another is written (old builds, old settings). */
const UNREAD_ROWS_KEPT_DAYS = 30;

/** What the prerender program is given, besides the addresses (RenderOptions). */
export interface MarkupInputs {
  /** The program's entry; its folder holds its chunks. */
  entry: string;
  template: string;
  /** The public configuration (publicWebConfig). */
  config: object;
}

/**
 * The hash of everything that shapes the pages' markup (decision 0037): the program's files (the entry and its
 * chunks, so a new build is a new key), index.html, the public configuration, the addresses, TZ, and the footer's
 * year as the program will see it (it runs in the same time zone as this process). A changed input is a new key, so
 * a row is never stale, only unread.
 */
export async function prerenderKey({ entry, template, config }: MarkupInputs, now = new Date()): Promise<string> {
  const hash = createHash('sha256');
  const part = (name: string, value: string | Buffer) => hash.update(`${name}\0${Buffer.byteLength(value)}\0`).update(value);
  part('format', String(CACHE_FORMAT));
  part('addresses', JSON.stringify(PRERENDERED_ADDRESSES));
  const folder = dirname(entry);
  for (const file of await programFiles(folder, entry)) part(`program:${relative(folder, file)}`, await readFile(file));
  part('index.html', template);
  part('config', JSON.stringify(config));
  part('tz', process.env.TZ ?? '');
  part('year', String(now.getFullYear()));
  return hash.digest('hex');
}

/** The entry and every script beside or below it, in a fixed order; a missing entry rejects (ENOENT). */
async function programFiles(folder: string, entry: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const scripts = entries.filter((item) => item.isFile() && /\.[cm]?js$/.test(item.name)).map((item) => join(item.parentPath, item.name));
  return [...new Set([entry, ...scripts])].sort();
}

export type PagesSource = 'read' | 'read after waiting' | 'rendered';

export interface KeptPages {
  pages: ProgramPages;
  source: PagesSource;
  /** Rendered but not kept (the database failed after the render): the pages still serve this instance. */
  notKept?: unknown;
}

/**
 * The pages kept under `key`, or else rendered once for the cluster: a start that finds no row takes a
 * transaction-level advisory lock on the key (released by the commit or the rollback, so it holds through a
 * transaction-mode pooler and dies with a killed instance's connection), looks again, and renders only when the
 * row is still missing; the instances that waited read what it kept. A wait longer than `lockWaitMs` (the renderer's
 * program hangs) renders here instead. Rejects when the render fails or the database cannot be read.
 */
export async function readOrRenderPages({
  db,
  key,
  render,
  lockWaitMs,
}: {
  db: Database;
  key: string;
  render: () => Promise<ProgramPages>;
  lockWaitMs: number;
}): Promise<KeptPages> {
  const kept = await readKept(db, key);
  if (kept) return { pages: kept, source: 'read' };
  let rendered: ProgramPages | undefined;
  try {
    // One attempt: the work forks the program, which a retry would run again.
    return await inTransaction(
      db,
      async (tx) => {
        await tx.execute(sql`SELECT set_config('lock_timeout', ${`${Math.round(lockWaitMs)}ms`}, true)`);
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('prerendered-pages'), hashtext(${key}))`);
        const keptMeanwhile = await readKept(tx, key);
        if (keptMeanwhile) return { pages: keptMeanwhile, source: 'read after waiting' as const };
        rendered = await render();
        await keep(tx, key, rendered);
        return { pages: rendered, source: 'rendered' as const };
      },
      { attempts: 1 },
    );
  } catch (error) {
    if (rendered) return { pages: rendered, source: 'rendered', notKept: error };
    // 55P03 lock_not_available: lock_timeout ran out while another start held the key.
    if (sqlStateOf(error) !== '55P03') throw error;
    const pages = await render();
    const notKept = await keep(db, key, pages).then(
      () => undefined,
      (keepError: unknown) => keepError,
    );
    return { pages, source: 'rendered', notKept };
  }
}

async function readKept(db: Executor, key: string): Promise<ProgramPages | undefined> {
  const [row] = await db.select({ pages: prerenderedPages.pages }).from(prerenderedPages).where(eq(prerenderedPages.key, key));
  if (!row) return undefined;
  await db
    .update(prerenderedPages)
    .set({ readAt: sql`now()` })
    .where(sql`${prerenderedPages.key} = ${key} AND ${prerenderedPages.readAt} < now() - interval '1 day'`);
  return row.pages;
}

async function keep(db: Executor, key: string, pages: ProgramPages): Promise<void> {
  await db
    .insert(prerenderedPages)
    .values({ key, pages, renderedBy: `${hostname()}:${process.pid}` })
    .onConflictDoNothing();
  await db.delete(prerenderedPages).where(lt(prerenderedPages.readAt, sql`now() - make_interval(days => ${UNREAD_ROWS_KEPT_DAYS})`));
}
