import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { auditLogFilters, auditLogPage, auditLogQuery } from '../entities/audit.js';

/** The Audit log screen's calls (admins): what happened in their account, newest first (beyond the spec: issue 37). */
const tag = 'Audit log';

export const listAuditLog = defineEndpoint({
  method: 'GET',
  path: '/portal/audit-log',
  summary: 'The account’s audit log, newest first, filtered and paged by `before` (admins)',
  tag,
  access: 'admin',
  query: auditLogQuery,
  result: auditLogPage,
});

export const exportAuditLog = defineEndpoint({
  method: 'GET',
  path: '/portal/audit-log/export',
  summary: 'The account’s audit log as CSV, with the screen’s filters (admins)',
  tag,
  access: 'admin',
  query: auditLogFilters,
  result: z.null(),
  produces: ['text/csv'],
});
