import type { AuditEventType } from '@portal/contract';
import type { ConsequenceTable } from './consequences.js';

/** What reading the audit log out of the portal causes: an entry of its own, so an export is never unseen. */
export const auditLogConsequences: ConsequenceTable<AuditEventType> = {
  'audit_log.exported': {
    audit: ({ data }) => ({ action: 'audit_log.exported', details: { rows: data.rows, ...data.filters } }),
  },
};
