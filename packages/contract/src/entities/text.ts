/* eslint-disable no-control-regex -- these patterns exist to find control characters */
import { z } from 'zod';

/**
 * Control characters no text field accepts (docs/decisions/0008): the C0 controls other than tab,
 * line feed and carriage return, DEL, and the C1 controls. U+0000 in particular is refused by
 * PostgreSQL, so it must never get past the request's validation.
 */
export const FORBIDDEN_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** What a single-line field (a name, an e-mail address, a title, a search) refuses besides. */
export const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]/;

export const controlCharactersMessage = (label: string) => `${label} must not contain control characters`;
export const lineBreaksMessage = (label: string) => `${label} must be on one line`;

/** A one-line text field: no control characters, no line breaks or tabs. `missing` words the absent field. */
export const singleLineText = (label: string, missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .refine((value) => !FORBIDDEN_CONTROL_CHARACTERS.test(value), controlCharactersMessage(label))
    .refine((value) => !LINE_BREAKS_AND_TABS.test(value), lineBreaksMessage(label));

/** A free text field (a description, a response, notes): line breaks and tabs allowed, other controls not. */
export const multiLineText = (label: string, missing?: string) =>
  z.string(missing ? { error: missing } : undefined).refine((value) => !FORBIDDEN_CONTROL_CHARACTERS.test(value), controlCharactersMessage(label));

/**
 * The path of the first string (or object key) anywhere in a parsed request that holds a
 * forbidden control character. The server runs it over every body, query and path before the
 * endpoint's own schema, so a field that forgot `singleLineText` is still covered.
 */
export function findControlCharacters(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | undefined {
  if (typeof value === 'string') return FORBIDDEN_CONTROL_CHARACTERS.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacters(item, [...path, index], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_CONTROL_CHARACTERS.test(key)) return [...path, key];
    const found = findControlCharacters(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}
