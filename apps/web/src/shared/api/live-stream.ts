import { liveMessage, type LiveMessage } from '@portal/contract';
import { portalConfig } from '../config';
import { refreshSession } from '../session/session-refresh';
import { readSession } from '../session/session-store';

/** How long a dropped stream waits before it opens again (the server asks for the same with `retry:`). */
export const LIVE_RETRY_MS = 2_000;

/**
 * The signed-in user's live updates (`GET /api/portal/events`, decision 0046), kept open until `signal` aborts: a
 * fetch that reads Server-Sent Events, since EventSource cannot send the access token. The token is taken here, as
 * the API client takes it; a 401 or the server's `end` refreshes the session once and opens again, a dropped stream
 * opens again after a pause with the last notification's id (`Last-Event-ID`), so none is missed. Ends when the
 * session is gone.
 */
export async function followLiveUpdates(onMessage: (message: LiveMessage) => void, signal: AbortSignal): Promise<void> {
  let lastEventId: string | undefined;
  while (!signal.aborted) {
    const token = readSession()?.access_token;
    if (!token) return;
    let renew = false;
    try {
      const response = await fetch(`${portalConfig.apiBase.replace(/\/+$/, '')}/portal/events`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        signal,
      });
      if (response.status === 401) renew = true;
      else if (response.ok && response.body) {
        for await (const event of serverSentEvents(response.body)) {
          if (event.id) lastEventId = event.id;
          const parsed = liveMessage.safeParse(JSON.parse(event.data));
          // A message of a kind this app does not know yet is skipped, not the stream.
          if (!parsed.success) continue;
          if (parsed.data.type === 'end' && parsed.data.reason === 'signed_out') renew = true;
          onMessage(parsed.data);
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    if (renew && !(await refreshSession(token))) return;
    if (!renew) await pause(LIVE_RETRY_MS, signal);
  }
}

/** The `id` and `data` of each message of a text/event-stream body. */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ id?: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (line.startsWith('id:')) id = value;
        else if (line.startsWith('data:')) data.push(value);
      }
      if (data.length > 0) yield { id, data: data.join('\n') };
    }
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
