import { negotiate } from '@fastify/accept-negotiator';
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { ProgramPages } from '../db/schema/index.js';

/**
 * The signed-out pages the server sends as HTML, by the address each is rendered at (decision 0022). The
 * password-change page has two: its form, for a link with a token, and "Invalid Reset Link" without one
 * (apps/web ChangePasswordPage). The token itself never appears in the markup.
 */
export const PRERENDERED_ADDRESSES = ['/login', '/forgot-password', '/page-change-password', '/page-change-password?token=from-the-link'] as const;

/**
 * Which prerendered address answers a page request for `path` with `search` (the query string, `?` included or
 * not), or undefined when the plain index.html does. Any other query (`?next=` on /login) changes nothing in
 * the markup: the app reads it only when the form is sent.
 */
export function prerenderedAddressFor(path: string, search: string): string | undefined {
  if (path === '/login' || path === '/forgot-password') return path;
  // As the page decides it: URLSearchParams, the first `token`, an empty one counting as none.
  if (path === '/page-change-password') return new URLSearchParams(search).get('token') ? '/page-change-password?token=from-the-link' : path;
  return undefined;
}

/**
 * Which signed-in screen's skeleton answers a page request for `path`: the screen at that path or the deepest one
 * above it (/tickets/42 shows over the tickets list; /it-assets/vault is a screen of its own), or undefined. The
 * screens are the prerender program's (the web app's routes), not a list kept here.
 */
export function skeletonPathFor(path: string, screenPaths: Iterable<string>): string | undefined {
  let deepest: string | undefined;
  for (const screen of screenPaths) {
    if ((path === screen || path.startsWith(`${screen}/`)) && screen.length > (deepest?.length ?? 0)) deepest = screen;
  }
  return deepest;
}

/** A prerendered page as it is sent: the program compressed it once, as the build compresses the app's files. */
export interface PrerenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same page goes out in three encodings. */
  etag: string;
}

/**
 * Which of the kept encodings to send, brotli before gzip, as the request's Accept-Encoding allows (q-values,
 * `*`, q=0 refusing); undefined: the page as it is. Content codings are case-insensitive (RFC 9110), the
 * negotiator is not, hence the lower-casing.
 */
export function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return (negotiate((acceptEncoding ?? '').toLowerCase(), ['br', 'gzip']) as 'br' | 'gzip' | null) ?? undefined;
}

/** What apps/web/src/prerender.tsx answers (PrerenderAnswer there). */
const base64 = z.string().regex(/^[A-Za-z0-9+/]+=*$/);
const answeredDocument = z.object({ html: z.string().min(1), br: base64, gzip: base64 });
const prerenderAnswer = z.union([
  // The skeletons of the signed-in screens: by screen path (`/tickets`); none from a program that makes none.
  z.object({ pages: z.record(z.string(), answeredDocument), skeletons: z.record(z.string().regex(/^\/[a-z0-9/-]+$/), answeredDocument).default({}) }),
  z.object({ error: z.string() }),
]);

export interface PrerenderedPages {
  /** The signed-out pages, by PRERENDERED_ADDRESSES. */
  pages: Map<string, PrerenderedPage>;
  /** The signed-in screens' skeleton documents, by screen path (skeletonPathFor). */
  skeletons: Map<string, PrerenderedPage>;
}

export interface RenderOptions {
  /** The web app's prerender program (apps/web/dist-prerender/prerender.js, release: web-prerender/prerender.js). */
  entry: string;
  /** The public configuration, as /config.js hands it to the browser (publicWebConfig). */
  config: object;
  /** index.html as built: the program puts each page's markup into its #root. */
  template: string;
  timeoutMs: number;
  /** Kills the program (the server is closing). */
  signal?: AbortSignal;
}

/** The program's answer as it came (base64 copies): what the page cache keeps (prerender-cache.ts). */
export type { ProgramPages };

/** A kept or received answer checked (every address there) and made ready to send; throws when it is not complete. */
export function sendablePages(answer: unknown): PrerenderedPages {
  const { pages, skeletons } = checkedAnswer(answer);
  return {
    pages: new Map(PRERENDERED_ADDRESSES.flatMap((address) => (pages[address] ? [[address, sendable(pages[address])] as const] : []))),
    skeletons: new Map(Object.entries(skeletons).map(([path, document]) => [path, sendable(document)])),
  };
}

function checkedAnswer(answer: unknown): ProgramPages {
  const parsed = prerenderAnswer.safeParse(answer);
  if (!parsed.success) throw new Error(`The prerendered pages are not in the program's form: ${parsed.error.message}`);
  return completeAnswer(parsed.data);
}

/** The pages of an answer in the program's form, or the program's failure, or which addresses it left out. */
function completeAnswer(answered: z.infer<typeof prerenderAnswer>, printed = ''): ProgramPages {
  if ('error' in answered) throw new Error(`The prerender program failed: ${answered.error}`);
  const missing = PRERENDERED_ADDRESSES.filter((address) => answered.pages[address] === undefined);
  if (missing.length) throw new Error(`The prerender program left out ${missing.join(', ')}${printed}`);
  return answered;
}

/**
 * Runs the web app's prerender program in a child process: one message with the configuration, index.html and
 * the addresses goes in, one with each page as it is sent (compressed too) comes back, and the child exits. React's
 * server renderer, Mantine and the compressors work there only, so none of them stays in the server's memory (the
 * idle target of decision 0021). Resolves with the answer once checked complete; rejects when the
 * program is missing, fails, leaves out an address or takes longer than `timeoutMs` (it is killed then).
 */
export function runPrerenderProgram({ entry, config, template, timeoutMs, signal }: RenderOptions): Promise<ProgramPages> {
  return new Promise((resolve, reject) => {
    if (!existsSync(entry)) {
      reject(new Error(`${entry} is missing: the web app was built without its prerender (npm run build builds both)`));
      return;
    }
    const child = fork(entry, [], {
      // None of the server's flags, loaders or environment (its secrets): the program needs none of them. TZ
      // stays, so the year in the page's footer is the server's.
      execArgv: [],
      env: { NODE_ENV: 'production', ...(process.env.TZ ? { TZ: process.env.TZ } : {}) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      signal,
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    let answer: unknown;
    child.once('message', (message) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('close', (code, exitSignal) => {
      const printed = stderr.trim() ? `; it printed: ${stderr.trim()}` : '';
      const parsed = prerenderAnswer.safeParse(answer);
      if (!parsed.success) {
        const ending = exitSignal === 'SIGKILL' ? `was killed after ${timeoutMs} ms` : `exited (${exitSignal ?? code}) without an answer`;
        reject(new Error(`The prerender program ${ending}${printed}`));
        return;
      }
      try {
        resolve(completeAnswer(parsed.data, printed));
      } catch (error) {
        reject(error as Error);
      }
    });
    child.send({ config, template, urls: PRERENDERED_ADDRESSES });
  });
}

function sendable({ html, br, gzip }: { html: string; br: string; gzip: string }): PrerenderedPage {
  return {
    html,
    br: Buffer.from(br, 'base64'),
    gzip: Buffer.from(gzip, 'base64'),
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}
