/** Who is on the other end of a request, as recorded with sessions and in the audit log. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Longest user agent kept; real ones are a few hundred characters. */
const USER_AGENT_MAX = 512;

/**
 * A header is the client's to write: control characters (PostgreSQL refuses U+0000 in text) are
 * dropped and the value is bounded before anything stores it.
 */
export function cleanUserAgent(value: string | string[] | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, USER_AGENT_MAX);
  return cleaned || null;
}
