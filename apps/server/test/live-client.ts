import { liveMessage, type LiveMessage } from '@portal/contract';

export interface ReceivedMessage {
  id?: string;
  message: LiveMessage;
  at: number;
}

/** A live stream opened over HTTP as the browser opens it, collecting its messages (parsed with the contract). */
export interface LiveClient {
  status: number;
  messages: ReceivedMessage[];
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  waitFor(predicate: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  close(): void;
}

export async function openLiveClient(baseUrl: string, token: string, lastEventId?: number): Promise<LiveClient> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/portal/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: abort.signal,
  });
  const messages: ReceivedMessage[] = [];
  const listeners = new Set<() => void>();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as const));
          const data = fields.get('data');
          if (data === undefined) continue;
          messages.push({ id: fields.get('id'), message: liveMessage.parse(JSON.parse(data)), at: Date.now() });
          for (const listener of listeners) listener();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    messages,
    ended,
    close: () => abort.abort(),
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((received) => predicate(received.message));
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no such live message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.message))}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
