import { Readable } from 'node:stream';
import { AUDIT_EXPORT_LIMIT, type AuditLogFilters, type AuditLogPage } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { Caller } from '../auth/index.js';
import { auditLogPage, decodeCursor, encodeCursor, type AuditCursor } from './audit-log-pages.repository.js';
import { csvHeader, csvRow } from './audit-log.csv.js';

/** Rows read per query while an export streams: each a short keyset query, no transaction held open. */
const EXPORT_BATCH = 1_000;

export interface AuditLogService {
  page(caller: Caller, query: AuditLogFilters & { before?: string; limit: number }): Promise<AuditLogPage>;
  /** The filtered log as CSV, newest first, streamed; the export is recorded in the log once it ends. */
  exportCsv(caller: Caller, filters: AuditLogFilters, meta: ClientMeta): { filename: string; body: Readable };
}

/** The account's audit log for its administrators (issue 37): only ever the caller's own account's entries. */
export function createAuditLogService({ db, events }: { db: Database; events: EventRecorder }): AuditLogService {
  return {
    async page(caller, { before, limit, ...filters }) {
      const { entries, next } = await auditLogPage(db, caller.accountId, filters, limit, before ? decodeCursor(before) : undefined);
      return { entries, next_before: next ? encodeCursor(next) : null };
    },

    exportCsv(caller, filters, meta) {
      async function* lines() {
        let rows = 0;
        try {
          yield csvHeader();
          let before: AuditCursor | undefined;
          while (rows < AUDIT_EXPORT_LIMIT) {
            const { entries, next } = await auditLogPage(db, caller.accountId, filters, Math.min(EXPORT_BATCH, AUDIT_EXPORT_LIMIT - rows), before);
            if (entries.length > 0) yield entries.map(csvRow).join('');
            rows += entries.length;
            if (!next) break;
            before = next;
          }
        } finally {
          // Also when the download stops half-way: what left the portal is recorded.
          await inTransaction(db, (tx) =>
            events.record(tx, {
              type: 'audit_log.exported',
              accountId: caller.accountId,
              actor: contactActor(caller),
              meta,
              data: { rows, filters: { ...filters } },
            }),
          );
        }
      }
      return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, body: Readable.from(lines()) };
    },
  };
}
