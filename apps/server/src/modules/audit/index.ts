/** The audit log's public entry (decision 0041): the consumers write its entries; nothing else does. */
export { recordAudit, type AuditEvent } from './audit-log.repository.js';
/** The account's audit log as its administrators read and export it (issue 37). */
export { createAuditLogService, type AuditLogService } from './audit-log.service.js';
export { auditLogRoutes } from './audit-log.routes.js';
