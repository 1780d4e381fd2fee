import { z } from 'zod';

/** The account's audit log itself (issue 37): reading it is not recorded, exporting it is. */
export const auditEventData = {
  'audit_log.exported': z.object({
    /** How many entries the file held. */
    rows: z.number().int(),
    /** The filters it was made with, as the request gave them. */
    filters: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
} satisfies Record<string, z.ZodObject>;
export type AuditEventType = keyof typeof auditEventData;
