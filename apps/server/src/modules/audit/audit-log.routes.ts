import { endpoints } from '@portal/contract';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { AuditLogService } from './audit-log.service.js';

export function auditLogRoutes(auditLog: AuditLogService): EndpointRoute[] {
  return [
    route(endpoints.listAuditLog, async ({ caller, query }) => auditLog.page(caller, query)),
    route(endpoints.exportAuditLog, async ({ caller, query, client, reply }) => {
      const { filename, body } = auditLog.exportCsv(caller, query, client);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(body);
    }),
  ];
}
