import { DIRECT_DOWNLOAD_TOKEN, supportToolsEndpoints, type OS_TYPES, type SupportTool } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, apiDownload, saveFile } from '../../../shared/api';

export type OsType = (typeof OS_TYPES)[number];

const SUPPORT_TOOLS_KEY = ['support-tools'] as const;

/** Keyed by the customer account, so a cache never shows one account's tools or history to another sign-in. */
export const supportToolsQuery = (customerId: number) =>
  queryOptions({ queryKey: [...SUPPORT_TOOLS_KEY, customerId, 'tools'], queryFn: ({ signal }) => apiCall(supportToolsEndpoints.listSupportTools, { signal }) });

export const downloadHistoryQuery = (customerId: number) =>
  queryOptions({
    queryKey: [...SUPPORT_TOOLS_KEY, customerId, 'history'],
    queryFn: ({ signal }) => apiCall(supportToolsEndpoints.listToolDownloads, { signal }),
  });

/** The spec's fallback name when the answer names no file: a zip of the remote monitoring agent (docs/product.md §7). */
export const fallbackFilename = (tool: SupportTool, os: OsType) =>
  tool.type === 'rmm_agent' ? `itp-rmm-agent-${os}.zip` : `${tool.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${os}.zip`;

/**
 * The build-and-download variant: the file is built for the account and OS, handed to the browser,
 * then recorded as a direct download (docs/product.md §7). A failed record does not undo a download
 * that has already started; the history simply misses it.
 */
export function useDirectDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tool, os }: { tool: SupportTool; os: OsType }) => {
      const file = await apiDownload(supportToolsEndpoints.generateToolLink, {
        body: { tool_id: tool.id, os_type: os },
        fallbackFilename: fallbackFilename(tool, os),
      });
      saveFile(file);
      await apiCall(supportToolsEndpoints.recordToolDownload, { body: { tool_id: tool.id, download_token: DIRECT_DOWNLOAD_TOKEN } }).catch(() => undefined);
      return file.filename;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPORT_TOOLS_KEY }),
  });
}

/** A signed link for one OS, valid `validHours`; the server records the download when the link is opened. */
export function useMakeLink() {
  return useMutation({
    mutationFn: ({ tool, os, validHours }: { tool: SupportTool; os: OsType; validHours: number }) =>
      apiCall(supportToolsEndpoints.generateToolLink, { body: { tool_id: tool.id, valid_hours: validHours, os_type: os } }),
  });
}
