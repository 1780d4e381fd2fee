import { z } from 'zod';

/** Every successful response: `{ errors: false, result, message? }` (docs/architecture.md, wire contract). */
export function successEnvelope<T extends z.ZodType>(result: T) {
  return z.object({
    errors: z.literal(false),
    result,
    message: z.string().optional(),
  });
}

/** Every failed response: a 4xx/5xx status and `{ errors: true, message, fields? }`. */
export const errorEnvelope = z.object({
  errors: z.literal(true),
  message: z.string(),
  /** Per-field messages for a request that failed validation, keyed by field path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** A stable machine-readable code, e.g. `not_found`, `validation_failed`. */
  code: z.string().optional(),
  /** The request's id, as in the X-Request-Id header and every log line of the request, so a report can be matched to the log. */
  request_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type SuccessEnvelope<T> = { errors: false; result: T; message?: string };

/**
 * A successful answer as a client reads it: the spec says answers "generally carry errors, result
 * and message", and the ticket calls carry their answer "in result or data" (docs/product.md §7).
 * So `errors` may be left out and `data` stands in for a missing `result`; `result` wins when both
 * are there. This server always sends `{ errors: false, result }`.
 */
export function acceptedSuccessEnvelope<T extends z.ZodType>(result: T) {
  return z
    .object({ errors: z.literal(false).optional(), result: z.unknown().optional(), data: z.unknown().optional(), message: z.string().optional() })
    .transform((envelope, context) => {
      const parsed = result.safeParse(envelope.result !== undefined ? envelope.result : envelope.data);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: ['result', ...issue.path] } as z.core.$ZodRawIssue);
        return z.NEVER;
      }
      return { result: parsed.data as z.output<T>, message: envelope.message };
    });
}
