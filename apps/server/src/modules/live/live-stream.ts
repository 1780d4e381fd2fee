import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveMessage } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/app-error.js';
import type { Caller } from '../auth/index.js';
import { liveReads } from '../notifications/index.js';
import type { LiveHub, LiveSubscriber } from './live-hub.js';

export interface LiveStreamDeps {
  db: Database;
  hub: LiveHub;
  heartbeatMs: number;
  /** The request's caller as the database has them now; undefined once the session ended (signed out, expired). */
  recheck: (request: FastifyRequest) => Promise<Caller | undefined>;
}

/** One Server-Sent Events message; a notification's id is the message's, so the browser sends it back as Last-Event-ID. */
const format = (message: LiveMessage, id?: number) => `${id === undefined ? '' : `id: ${id}\n`}event: ${message.type}\ndata: ${JSON.stringify(message)}\n\n`;

/** A Last-Event-ID this server wrote: a notification id. Anything else is treated as none (the stream starts afresh). */
function lastEventId(request: FastifyRequest): number | undefined {
  const value = request.headers['last-event-id'];
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * Opens the caller's stream (decision 0046): listening first, then the notifications missed since Last-Event-ID and
 * `ready`, so nothing that happens in between is lost (a notification sent twice is told apart by its id). The
 * session is checked again at every keep-alive; one that ended gets `end` and the stream closes.
 */
export async function openLiveStream({ db, hub, heartbeatMs, recheck }: LiveStreamDeps, caller: Caller, request: FastifyRequest, reply: FastifyReply) {
  await hub.ready();
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies that buffer (nginx) pass each message on at once.
    'x-accel-buffering': 'no',
    // A stream is its connection's only answer: once it ends (signed out, the instance closing) the connection goes
    // too, rather than idling where a closing server would wait for it.
    connection: 'close',
    'x-request-id': request.id,
  });
  let open = true;
  let writes = Promise.resolve();
  // Messages go out in the order they were asked for, each after its reads.
  const send = (work: () => Promise<string | undefined>) => {
    writes = writes
      .then(async () => {
        const text = open ? await work() : undefined;
        if (open && text) response.write(text);
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'live stream: a message could not be sent'));
  };
  const end = (message?: LiveMessage) => {
    if (!open) return;
    if (message) response.write(format(message));
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    response.end();
  };

  const unread = () => liveReads.unreadCount(db, subscriber.caller.accountId, subscriber.caller.contactId);
  const subscriber: LiveSubscriber = {
    caller,
    notification: (id) =>
      send(async () => {
        const notification = await liveReads.notification(db, subscriber.caller.accountId, subscriber.caller.contactId, id);
        return notification && format({ type: 'notification', notification, unread_count: await unread() }, id);
      }),
    ticket: (id) => send(async () => format({ type: 'ticket', ticket_id: id })),
    gap: () => send(async () => format({ type: 'resync' })),
    close: () => end({ type: 'end', reason: 'server_closing' }),
  };
  const unsubscribe = hub.subscribe(subscriber);
  request.raw.on('close', () => end());
  // The client may have gone while this instance began to listen.
  if (request.raw.destroyed) queueMicrotask(() => end());

  const heartbeat = setInterval(() => {
    send(async () => {
      // A session that ended is refused (unauthenticated); a database away for a moment is not the caller's doing.
      const now = await recheck(request).catch((error: unknown) =>
        error instanceof AppError && error.code === 'unauthenticated' ? undefined : subscriber.caller,
      );
      if (!now) {
        queueMicrotask(() => end({ type: 'end', reason: 'signed_out' }));
        return undefined;
      }
      subscriber.caller = now;
      return ': keep-alive\n\n';
    });
  }, heartbeatMs);

  // A browser waits this long before it opens a dropped stream again.
  response.write('retry: 2000\n\n');
  const after = lastEventId(request);
  send(async () => {
    const missed = after === undefined ? [] : await liveReads.missed(db, caller.accountId, caller.contactId, after);
    const count = await unread();
    return [
      ...missed.map((notification) => format({ type: 'notification', notification, unread_count: count }, notification.id)),
      format({ type: 'ready', unread_count: count }),
    ].join('');
  });
  return reply;
}
