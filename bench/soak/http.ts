import { SETTINGS } from './settings.js';
import type { Recorder } from './recorder.js';

export interface Answer<T = unknown> {
  ok: boolean;
  status: number;
  /** The envelope's `result` when the answer was JSON with one, else the parsed body or its text. */
  result: T;
  raw: unknown;
}

export interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One request to the portal on 127.0.0.1 (keep-alive, as a browser or a PSA would), timed and
 * recorded under `name`: anything but a 2xx, or no answer within the timeout, counts as failed.
 */
export async function call<T = unknown>(recorder: Recorder, name: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(SETTINGS.requestTimeoutMs),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let raw: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        raw = JSON.parse(text);
      } catch {
        // kept as text
      }
    }
    const ok = response.status >= 200 && response.status < 300;
    recorder.record(name, ms, String(response.status), ok, ok ? '' : `${options.method ?? 'GET'} ${new URL(url).pathname}: ${text.slice(0, 300)}`);
    const result = (typeof raw === 'object' && raw !== null && 'result' in raw ? (raw as { result: unknown }).result : raw) as T;
    return { ok, status: response.status, result, raw };
  } catch (error) {
    const ms = performance.now() - started;
    const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    recorder.record(name, ms, reason, false, `${options.method ?? 'GET'} ${new URL(url).pathname}: ${String((error as Error).cause ?? error)}`);
    return { ok: false, status: 0, result: undefined as T, raw: undefined };
  }
}

/** The same request outside the figures (setup and checks): throws unless it answered 2xx. */
export async function must<T = unknown>(recorder: Recorder, what: string, url: string, options: CallOptions = {}): Promise<T> {
  const answer = await call<T>(recorder, what, url, options);
  if (!answer.ok) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.raw).slice(0, 500)}`);
  return answer.result;
}
