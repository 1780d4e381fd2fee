import type { z } from 'zod';
import { findTextProblem, textProblemMessage } from '@portal/contract';
import { AppError } from '../platform/app-error.js';
import { findUnknownField } from './unknown-fields.js';

/** Turns zod issues into the envelope's `fields` map and one readable message. */
export function validationError(where: 'body' | 'query' | 'path', error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[key] ??= isMissing(issue) ? `${humanize(String(issue.path.at(-1) ?? where))} is required` : issue.message;
  }
  const first = Object.entries(fields)[0];
  const message = first
    ? Object.keys(fields).length === 1
      ? first[1]
      : `${first[1]} (and ${Object.keys(fields).length - 1} more)`
    : `The request ${where} is not valid`;
  return new AppError('validation_failed', message, fields);
}

export function parseInput<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: 'body' | 'query' | 'path',
  options: { refuseUnknownFields?: boolean } = {},
): z.output<T> {
  if (!schema) return undefined as z.output<T>;
  const input = where === 'body' && value === undefined ? {} : value;
  refuseBrokenText(input, where);
  if (options.refuseUnknownFields) refuseUnknownFields(schema, input);
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw where === 'path' && namesNoPossibleRecord(parsed.error) ? new AppError('not_found', 'Not found') : validationError(where, parsed.error);
  return parsed.data;
}

/**
 * Every string of every request, whatever its endpoint's schema says: PostgreSQL refuses U+0000
 * and lone UTF-16 surrogates, and no field of the portal has a use for other control characters
 * (docs/decisions/0008).
 */
function refuseBrokenText(input: unknown, where: 'body' | 'query' | 'path'): void {
  const found = findTextProblem(input);
  if (!found) return;
  const key = found.path.length > 0 ? found.path.join('.') : where;
  const message = textProblemMessage(found.problem, humanize(String(found.path.at(-1) ?? where)));
  throw new AppError('validation_failed', message, { [key]: message });
}

/**
 * A path whose id lies beyond every id a record can have (beyond PostgreSQL's integer) names no
 * record: 404, as for any id that is not there, rather than a complaint about its size.
 */
function namesNoPossibleRecord(error: z.ZodError): boolean {
  return error.issues.every((issue) => issue.code === 'too_big' && issue.origin === 'number');
}

/** A change (PATCH, PUT) with a key its endpoint does not know is refused rather than half applied. */
function refuseUnknownFields(schema: z.ZodType, input: unknown): void {
  const path = findUnknownField(schema, input);
  if (!path) return;
  const key = path.join('.');
  const message = `${key} is not a field of this request; nothing was changed`;
  throw new AppError('validation_failed', message, { [key]: message });
}

/** zod's own text for an absent field ("expected string, received undefined") is replaced by "X is required". */
function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && /received undefined/.test(issue.message);
}

function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
