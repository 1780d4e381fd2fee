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
    .refine((value) => !LONE_SURROGATE.test(value), loneSurrogateMessage(label))
    .refine((value) => !LINE_BREAKS_AND_TABS.test(value), lineBreaksMessage(label));

/** A free text field (a description, a response, notes): line breaks and tabs allowed, other controls not. */
export const multiLineText = (label: string, missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .refine((value) => !FORBIDDEN_CONTROL_CHARACTERS.test(value), controlCharactersMessage(label))
    .refine((value) => !LONE_SURROGATE.test(value), loneSurrogateMessage(label));

/**
 * A UTF-16 surrogate without its partner. JSON can carry one (`"\ud800"`), but it is no character:
 * UTF-8 cannot encode it and PostgreSQL refuses it. Such text is refused, never repaired, so what
 * is stored is what was sent (docs/decisions/0008). Unicode's non-characters (U+FFFE, U+FDD0, …)
 * are valid text that UTF-8 and PostgreSQL keep, so they pass.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const loneSurrogateMessage = (label: string) => `${label} must be valid Unicode text: it holds half of a character (a lone UTF-16 surrogate)`;

/** What makes a string unacceptable in any field, whatever the field's own schema says. */
export type TextProblem = 'control_characters' | 'lone_surrogate';

export function textProblemOf(text: string): TextProblem | undefined {
  if (FORBIDDEN_CONTROL_CHARACTERS.test(text)) return 'control_characters';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return undefined;
}

export function textProblemMessage(problem: TextProblem, label: string): string {
  return problem === 'control_characters' ? controlCharactersMessage(label) : loneSurrogateMessage(label);
}

/**
 * The first string (or object key) anywhere in a parsed request that holds a control character
 * or a lone surrogate, with its path. The server runs it over every body, query and path before
 * the endpoint's own schema, so every field of every endpoint, customer and provider, is covered.
 */
export function findTextProblem(value: unknown, path: (string | number)[] = [], depth = 0): { path: (string | number)[]; problem: TextProblem } | undefined {
  if (typeof value === 'string') {
    const problem = textProblemOf(value);
    return problem ? { path, problem } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, item] of entries) {
    const keyProblem = typeof key === 'string' ? textProblemOf(key) : undefined;
    if (keyProblem) return { path: [...path, key], problem: keyProblem };
    const found = findTextProblem(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}
