import { json, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** A page or skeleton document as the prerender program sends it: the HTML, and its brotli and gzip copies in base64. */
export interface PrerenderedDocument {
  html: string;
  br: string;
  gzip: string;
}

/** The program's whole answer (apps/web/src/prerender.tsx): the signed-out pages by address, the skeletons by screen path. */
export interface ProgramPages {
  pages: Record<string, PrerenderedDocument>;
  skeletons: Record<string, PrerenderedDocument>;
}

/**
 * The web app's prerendered pages and skeletons, as the prerender program answered, by the hash of everything that
 * shapes their markup (http/prerender-cache.ts): one instance of a cluster renders them once for a build and a
 * configuration, every other start reads them (decision 0037). A cache: any row may be deleted at any time.
 */
export const prerenderedPages = pgTable('prerendered_pages', {
  key: text('key').primaryKey(),
  /** `json`, not `jsonb`: kept and handed back as the program sent it, never queried inside. */
  pages: json('pages').$type<ProgramPages>().notNull(),
  /** The instance that rendered them (host name and pid), for an operator reading the table. */
  renderedBy: text('rendered_by').notNull(),
  renderedAt: timestamptz('rendered_at').notNull().defaultNow(),
  /** Moved on a read at most once a day: rows no start has read for a month are deleted. */
  readAt: timestamptz('read_at').notNull().defaultNow(),
});
