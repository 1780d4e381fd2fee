import { z } from 'zod';
import { INT4_MAX, timestamp } from './common.js';
import { singleLineText } from './text.js';

/**
 * The kinds of event the audit log screen filters by: the first part of an entry's action (`auth.login` is `auth`).
 * The labels are the screen's; a kind an entry may have but no label names shows as its action.
 */
export const AUDIT_KINDS = ['auth', 'users', 'vault', 'billing', 'ticket', 'profile', 'apps', 'support_tools', 'provider', 'audit_log'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  auth: 'Sign-in and security',
  users: 'Users and roles',
  vault: 'Credential vault',
  billing: 'Billing and payments',
  ticket: 'Support tickets',
  profile: 'Profiles',
  apps: 'Applications',
  support_tools: 'Support tools',
  provider: 'Changes by your provider',
  audit_log: 'Audit log exports',
};
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;

/** Entries a page holds at most, and by default. */
export const AUDIT_PAGE_LIMIT = 50;
/** Rows an export holds at most: a year of a busy account; narrower filters export the rest. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/**
 * Where a page of the audit log ends: the last entry's time (microseconds since 1970) and id, so paging stays in place
 * while new entries arrive (keyset paging, never an offset). Opaque to the screen: it carries it in the address.
 */
export const AUDIT_CURSOR_PATTERN = /^\d{1,17}\.\d{1,19}$/;
const cursor = z.string().regex(AUDIT_CURSOR_PATTERN, 'before must be the next_before of an earlier page').describe('The `next_before` of the previous page');

const instant = (label: string) =>
  z
    .string()
    .datetime({ offset: true, error: `${label} must be a date and time such as 2026-11-01T00:00:00Z` })
    .describe('ISO-8601 date and time');

/** The filters of the audit log screen and of its export: all optional, combined with AND. */
const filterFields = z.object({
  /** Entries about or by this person of the account. */
  contact_id: z.coerce
    .number({ error: 'contact_id must be a contact id' })
    .int('contact_id must be a contact id')
    .positive('contact_id must be a contact id')
    .max(INT4_MAX, 'contact_id must be a contact id')
    .optional(),
  kind: z.enum(AUDIT_KINDS, { error: `kind must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
  outcome: z.enum(AUDIT_OUTCOMES, { error: 'outcome must be success, failure or denied' }).optional(),
  /** From this moment (inclusive)… */
  from: instant('from').optional(),
  /** …to this one (exclusive): the screen sends the start of the day after the last one chosen. */
  to: instant('to').optional(),
  /** Words found in who acted, the action, the address or the details (case-insensitive). */
  search: singleLineText('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
});
const fromBeforeTo = ({ from, to }: { from?: string; to?: string }) => !from || !to || Date.parse(from) < Date.parse(to);
const FROM_BEFORE_TO = { message: 'from must be before to', path: ['to'] };

export const auditLogFilters = filterFields.refine(fromBeforeTo, FROM_BEFORE_TO);
export type AuditLogFilters = z.output<typeof auditLogFilters>;

export const auditLogQuery = filterFields
  .extend({
    before: cursor.optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(AUDIT_PAGE_LIMIT, `limit must be at most ${AUDIT_PAGE_LIMIT}`)
      .default(AUDIT_PAGE_LIMIT),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);

/** One entry of the account's audit log, as its administrators read it. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: timestamp,
  /** Who acted: a person's e-mail, "provider: <name>" for the provider's staff or API, "system". */
  actor: z.string(),
  /** The person of the account the entry is about (or who acted), if any; null when they were deleted since. */
  contact_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
  /** That person's e-mail now: an entry whose actor is it was the person's own doing. */
  contact_email: z.string().nullable(),
  action: z.string(),
  kind: z.string(),
  outcome: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** What the action touched (ids, names, amounts), as recorded; never a secret. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogPage = z.object({
  entries: z.array(auditEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: cursor.nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;
