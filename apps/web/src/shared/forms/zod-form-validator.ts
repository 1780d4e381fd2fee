import type { z } from 'zod';

/**
 * Validates a Mantine form with a contract schema, so the browser checks exactly what the
 * server will (one definition per rule). Returns the first message per field path.
 */
export function zodFormValidator<Values>(schema: z.ZodType | undefined) {
  if (!schema) throw new Error('zodFormValidator needs a schema; does the endpoint define a body?');
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
