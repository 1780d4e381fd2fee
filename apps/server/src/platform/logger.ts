import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Where a secret could reach a log line, it is censored (decision 0024): credentials in headers,
 * and any field of a logged object that carries a password, a token or card data.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'new_password',
    'current_password',
    'cc_num',
    'cc_cvv',
    'cvv',
    'cc_cvc',
    'cvc',
    'number',
    'token',
    'access_token',
    'refresh_token',
    'secret',
    'client_secret',
  ].map((field) => `*.${field}`),
];

/** Query parameters whose values never reach the log: a reset link's `token`, an identity provider's `code` and `state`. */
const SECRET_QUERY_PARAMETER = /token|password|secret|key|code|signature|state/i;
/**
 * A path segment with a run this long of base64url characters is a link token (a support-tool
 * link ends in a 43-character signature), unless it is a file name (the web app's hashed assets).
 */
const TOKEN_LIKE_SEGMENT = /[A-Za-z0-9_-]{32,}/;
const FILE_NAME = /\.(js|mjs|css|map|svg|png|jpe?g|webp|ico|woff2?|json|txt|html|webmanifest)$/i;

/** The request's URL as logged: link tokens in the path and secret query values replaced. */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_LIKE_SEGMENT.test(segment) && !FILE_NAME.test(segment) ? '[redacted]' : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        /* a malformed name is checked as it is */
      }
      return SECRET_QUERY_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Every path in a text made loggable: an error's message may quote the request's URL (Fastify's do). */
export function scrubUrlsIn(text: string): string {
  return text.replace(/\/[^\s"'`()]+/g, (path) => loggableUrl(path));
}

/** The error as pino logs it, with any URL in its message or stack made safe to keep (decision 0024). */
function loggableError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  return { ...serialized, message: scrubUrlsIn(serialized.message), ...(serialized.stack !== undefined && { stack: scrubUrlsIn(serialized.stack) }) };
}

interface LoggedRequest {
  method?: string;
  url?: string;
  id?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * One logger for the process; pretty in a terminal, JSON lines otherwise (for log shippers).
 * `file` sends the JSON lines to a file instead (LOG_FILE), appended to.
 */
export function createLogger(level: string, options: { file?: string } = {}): Logger {
  const pretty = !options.file && process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  const settings: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: {
      // The message too: pino takes an error's raw message as the line's `msg` when none is given.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const error = typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined;
        if (rest.length === 0 && error instanceof Error) return method.call(this, first as object, scrubUrlsIn(error.message));
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubUrlsIn(arg) : arg)) as Parameters<typeof method>);
      },
    },
    serializers: {
      // Fastify's own request serializer, with the URL made safe to keep.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : loggableUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      // A warning such as Fastify's "Reply was already sent … in /api/crm/support-tools/links/<token>"
      // quotes the raw URL; seen in the e2e run's log when a browser dropped a download midway.
      err: loggableError,
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
  return options.file ? pino(settings, pino.destination({ dest: options.file, append: true, mkdir: true, sync: true })) : pino(settings);
}
