/** The audit log's public entry (decision 0041): the consumers write its entries; nothing else does. */
export { recordAudit, type AuditEvent } from './audit-log.repository.js';
