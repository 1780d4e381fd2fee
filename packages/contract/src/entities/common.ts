import { z } from 'zod';
import { singleLineText } from './text.js';

/** An ISO-8601 timestamp in UTC, as the server writes it (`2026-11-21T23:09:33.000Z`). */
export const timestamp = z.string().describe('ISO-8601 timestamp (UTC)');
/** A calendar date, `YYYY-MM-DD`. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .describe('YYYY-MM-DD');
/** PostgreSQL's integer (int4): the column of every id, so every id a request carries fits in it. */
export const INT4_MAX = 2_147_483_647;
/** A positive integer id carried in a path, e.g. `/crm/contacts/:id`. */
export const idParam = z.coerce.number().int('Id must be a whole number').positive('Id must be positive').max(INT4_MAX, `Id must be at most ${INT4_MAX}`);
/** A positive integer id in a request body, e.g. a license's `service_id`. */
export const idField = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .max(INT4_MAX, `${name} must be at most ${INT4_MAX}`);
export const idParams = z.object({ id: idParam });
/** An id in an answer: the spec gives ids no type, so a client takes a whole number or a string. */
export const specId = z.union([z.number().int(), z.string().min(1).max(200)]);
/** Amount of USD; two decimals at most. */
export const money = z.number().describe('USD');
/**
 * A client's reading of an answer whose result docs/product.md §7 does not describe (a payment, a
 * PATCH, a DELETE, a reply): this server's answer when it is there and readable, anything else or
 * nothing read as null. The screens never need it (docs/decisions/0029).
 */
export const resultWhenSent = <T extends z.ZodType>(ours: T) => ours.nullable().catch(null);
/** A result that carries nothing beyond the envelope's message. */
export const emptyResult = z.null();
/** Simple e-mail pattern of docs/product.md §5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = singleLineText('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address');

/**
 * A value in a response whose list of values may grow on the server before every client knows it
 * (a new service status, a PSA's own ticket status). It accepts the known values and any other
 * string, kept as-is, so one unknown value never rejects a whole answer and each screen shows the
 * spec's fallback ('Unknown', 'other'). Request schemas stay strict (z.enum).
 */
export const openEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string().max(200)]).describe(`One of ${values.join(', ')}; other values may appear and are shown as unknown`);
