import { CONFIGURATION_NOT_FOUND, DIRECT_DOWNLOAD_TOKEN, OS_TYPES, type AcceptedDownloadRecord, type SupportTool } from '@portal/contract';
import { ApiError, NETWORK_ERROR_STATUS } from '../../shared/api';

/** Spec texts (docs/product.md §2, §8). */
export const DOWNLOAD_STARTED = 'Download Started!';
export const DOWNLOAD_FAILED = 'Failed to download tool';
export const DOWNLOAD_ERROR = 'Error downloading tool';
/** The configuration help's title (its dialog loads when first opened, so its text lives here). */
export const CONFIGURATION_NOT_FOUND_TITLE = 'Monitoring configuration not found';

export const OS_LABELS: Record<string, string> = { windows: 'Windows', mac: 'macOS', linux: 'Linux' };
export const osLabel = (os: string) => OS_LABELS[os] ?? os;

/** The platforms of a tool that this client can offer, in the usual order. */
export const knownPlatforms = (tool: SupportTool) => OS_TYPES.filter((os) => tool.platforms.includes(os));

/** Link lifetimes offered, in hours; 24 is the spec's default (docs/product.md §9), 168 the server's limit. */
export const LINK_VALIDITY_HOURS = [1, 4, 24, 72, 168] as const;
export const validityLabel = (hours: number) =>
  hours < 24 ? `${hours} hour${hours === 1 ? '' : 's'}` : hours === 168 ? '7 days' : `${hours / 24} day${hours === 24 ? '' : 's'}`;

export const isConfigurationNotFound = (error: unknown) =>
  error instanceof ApiError && (error.code === CONFIGURATION_NOT_FOUND || error.message === CONFIGURATION_NOT_FOUND);

/**
 * What a failed download or link says: the server's message when it sent one, 'Failed to download
 * tool' when the server answered without one, 'Error downloading tool' when nothing came back.
 */
export function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS) return DOWNLOAD_FAILED;
  return DOWNLOAD_ERROR;
}

export const howDownloaded = (token: string) => (token === DIRECT_DOWNLOAD_TOKEN ? 'Direct download' : 'Download link');

/** A download's tool: the name it carries, else the name of the tool its id names, else 'Support tool'. */
export const toolNameOf = (download: Pick<AcceptedDownloadRecord, 'tool_name' | 'tool_id'>, tools: Pick<SupportTool, 'id' | 'name'>[] = []) =>
  download.tool_name || tools.find((tool) => download.tool_id !== undefined && String(tool.id) === String(download.tool_id))?.name || 'Support tool';
