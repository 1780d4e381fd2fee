import { auditEndpoints, usersEndpoints, type AuditLogFilters } from '@portal/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall, apiDownload, saveFile } from '../../../shared/api';

const AUDIT_KEY = ['audit-log'] as const;

/** One page of the log, newest first, from the entry `before` names (keyset paging: the address carries it). */
export const auditLogQuery = (filters: AuditLogFilters, before: string | undefined) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'page', filters, before ?? null],
    queryFn: ({ signal }) => apiCall(auditEndpoints.listAuditLog, { signal, query: { ...filters, ...(before ? { before } : {}) } }),
    placeholderData: keepPreviousData,
  });

/** The people of the account, for the Person filter (an account of up to 500; beyond, the search finds them). */
export const auditPeopleQuery = () =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'people'],
    queryFn: ({ signal }) => apiCall(usersEndpoints.listContacts, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });

/** Downloads the filtered log as CSV (the server streams it and records the export). */
export async function downloadAuditLog(filters: AuditLogFilters): Promise<void> {
  saveFile(await apiDownload(auditEndpoints.exportAuditLog, { query: filters, fallbackFilename: 'audit-log.csv' }));
}
