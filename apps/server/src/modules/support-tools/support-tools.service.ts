import { DIRECT_DOWNLOAD_TOKEN, formatFileSizes, type DownloadLink, type DownloadRecord, type SupportTool, type z } from '@portal/contract';
import type { generateLinkInput, downloadInput } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor, downloadLinkActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { monitoringCustomerNameOf } from '../accounts/index.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { AgentPackage, MonitoredAccount, MonitoringSystem } from '../../platform/monitoring-system.js';
import { createToolLinkSigner, type LinkOs } from '../../platform/signed-links.js';
import { hashToken } from '../../platform/tokens.js';
import type { Caller } from '../auth/index.js';
import {
  CONFIGURATION_NOT_FOUND_MESSAGE,
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_NOT_IN_ACCOUNT,
  LINK_OF_OTHER_TOOL,
  LINK_USED,
  TOOL,
  platformRefusal,
} from './support-tools.messages.js';
import * as repo from './support-tools.repository.js';
import { catalogueToolPackage } from './tool-package.js';

type GenerateInput = z.output<typeof generateLinkInput>;
type DownloadInput = z.output<typeof downloadInput>;

/** The API path of a link; the public URL is the portal's address before it. */
export const TOOL_LINK_PATH = '/api/crm/support-tools/links/';

/** What the history keeps of a link download: which link, never its token (only the token's hash is stored). */
export const linkDownloadToken = (linkId: number) => `link-${linkId}`;

export interface SupportToolsServiceDeps {
  db: Database;
  monitoring: MonitoringSystem;
  config: Pick<AppConfig, 'publicUrl' | 'provider' | 'secrets'>;
  events: EventRecorder;
  now?: () => Date;
}

/** A link opened in a browser: the file, or (a per-OS tool, no OS named) the OS to choose. */
export type OpenedLink = { kind: 'file'; file: AgentPackage } | { kind: 'choose-os'; toolName: string; platforms: LinkOs[] };

const REMOVED_USER = 'A removed user';

/**
 * A tool as listed, its size measured on the files a download delivers (decision 0035): the catalogue's own figure
 * (`row.fileSize`) is the vendor installer's, which the launcher fetches later, not what the portal serves. No file
 * can be made (an agent for an account the monitoring system does not know): no size.
 */
function toSupportTool(row: repo.SupportToolRow, fileSizes: Partial<Record<LinkOs, number>>): SupportTool {
  const sizes = Object.values(fileSizes);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    platforms: row.platforms,
    requires_custom_build: row.requiresCustomBuild,
    one_time_use: row.oneTimeUse,
    file_size: formatFileSizes(sizes),
    documentation: row.documentationUrl,
    ...(sizes.length > 0 ? { file_sizes: fileSizes } : {}),
  };
}

function toDownloadRecord(row: repo.DownloadRow): DownloadRecord {
  const name = row.firstname === null ? REMOVED_USER : `${row.firstname} ${row.lastname ?? ''}`.trim();
  return {
    id: row.id,
    tool_id: row.toolId,
    tool_name: row.toolName,
    downloaded_by: name,
    download_token: row.downloadToken,
    created: row.createdAt.toISOString(),
  };
}

/**
 * Support tools (decision 0017): the provider's catalogue, per-account agent builds, signed download
 * links a technician opens without signing in, and the account's download history. Administrators
 * only (the endpoints' access), each in their own account; every link and download records its event (decision 0041).
 */
export function createSupportToolsService({ db, monitoring, config, events, now = () => new Date() }: SupportToolsServiceDeps) {
  const signer = createToolLinkSigner(config.secrets.tokenSecret);
  const downloadServer = `https://downloads.${config.provider.emailDomain}`;

  const by = (caller: Caller, meta: ClientMeta) => ({ accountId: caller.accountId, actor: contactActor(caller), meta });

  /** A refused link is on record too, in its own transaction: committed although the request then fails. */
  const recordRefusedLink = (meta: ClientMeta, reason: 'invalid' | 'expired' | 'used', link?: repo.ToolLinkRow) =>
    inTransaction(db, (tx) =>
      events.record(tx, {
        type: 'support_tool.link_refused',
        accountId: link?.accountId ?? null,
        actor: downloadLinkActor(link?.contactId ?? null),
        meta,
        data: { reason, link: link ? { id: link.id, tool_id: link.toolId } : null },
      }),
    );

  async function toolOf(toolId: number): Promise<repo.SupportToolRow> {
    const tool = await repo.findTool(db, toolId);
    if (!tool) throw notFound(TOOL);
    return tool;
  }

  function checkPlatform(tool: repo.SupportToolRow, os: LinkOs, field: string) {
    if (!tool.platforms.includes(os)) {
      const message = platformRefusal(tool.name, os);
      throw new AppError('validation_failed', message, { [field]: message });
    }
  }

  /** A tool built per account needs the account in the monitoring system. */
  async function monitoredAccount(accountId: number) {
    const monitoringCustomerName = await monitoringCustomerNameOf(db, accountId);
    if (!monitoringCustomerName) throw new AppError('configuration_not_found', CONFIGURATION_NOT_FOUND_MESSAGE);
    return { accountId, monitoringCustomerName };
  }

  async function packageOf(accountId: number, tool: repo.SupportToolRow, os: LinkOs): Promise<AgentPackage> {
    return packageFor(tool.requiresCustomBuild ? await monitoredAccount(accountId) : undefined, tool, os);
  }

  /** `account`: the account as the monitoring system knows it, for a tool built per account. */
  async function packageFor(account: MonitoredAccount | undefined, tool: repo.SupportToolRow, os: LinkOs): Promise<AgentPackage> {
    if (!account) return catalogueToolPackage(tool, os, downloadServer);
    const built = await monitoring.buildAgent(account, os);
    if (!built) throw new AppError('configuration_not_found', CONFIGURATION_NOT_FOUND_MESSAGE);
    return built;
  }

  /**
   * The bytes of the file each platform's download of the tool delivers to this account, measured on the files;
   * the account is looked up in the monitoring system once for all the tool's platforms.
   */
  async function fileSizesOf(accountId: number, tool: repo.SupportToolRow): Promise<Partial<Record<LinkOs, number>>> {
    const sizes: Partial<Record<LinkOs, number>> = {};
    try {
      const account = tool.requiresCustomBuild ? await monitoredAccount(accountId) : undefined;
      for (const os of tool.platforms) sizes[os] = (await packageFor(account, tool, os)).data.length;
    } catch (error) {
      if (error instanceof AppError && error.code === 'configuration_not_found') return {};
      throw error;
    }
    return sizes;
  }

  return {
    async tools(caller: Caller): Promise<SupportTool[]> {
      const tools = await repo.listTools(db);
      return Promise.all(tools.map(async (tool) => toSupportTool(tool, await fileSizesOf(caller.accountId, tool))));
    },

    /** `{tool_id, os_type}`: the file, built now. The client records the download afterwards (token 'direct-download'). */
    async build(caller: Caller, input: { tool_id: number; os_type: LinkOs }, meta: ClientMeta): Promise<AgentPackage> {
      const tool = await toolOf(input.tool_id);
      checkPlatform(tool, input.os_type, 'os_type');
      const file = await packageOf(caller.accountId, tool, input.os_type);
      await inTransaction(db, (tx) =>
        events.record(tx, {
          type: 'support_tool.built',
          ...by(caller, meta),
          data: { tool: { id: tool.id, name: tool.name }, os: input.os_type, filename: file.filename, bytes: file.data.length },
        }),
      );
      return file;
    },

    /** `{tool_id, valid_hours, os_type?}`: a signed link; only its token's hash is kept. */
    async link(caller: Caller, input: { tool_id: number; valid_hours: number; os_type?: LinkOs }, meta: ClientMeta): Promise<DownloadLink> {
      const tool = await toolOf(input.tool_id);
      if (input.os_type) checkPlatform(tool, input.os_type, 'os_type');
      // Refused now rather than when the technician opens the link on the device.
      if (tool.requiresCustomBuild) await monitoredAccount(caller.accountId);
      const expiresAt = new Date(now().getTime() + input.valid_hours * 3_600_000);
      // The signature covers whole seconds; the stored expiry is the same second.
      expiresAt.setUTCMilliseconds(0);
      const token = signer.sign({ accountId: caller.accountId, toolId: tool.id, os: input.os_type ?? null, expiresAt });
      await inTransaction(db, async (tx) => {
        const link = await repo.insertLink(tx, {
          tokenHash: hashToken(token),
          accountId: caller.accountId,
          contactId: caller.contactId,
          toolId: tool.id,
          expiresAt,
        });
        // The token stays out of the event: only its hash is kept (decision 0017).
        await events.record(tx, {
          type: 'support_tool.link_created',
          ...by(caller, meta),
          data: {
            link_id: link.id,
            tool: { id: tool.id, name: tool.name },
            os: input.os_type ?? null,
            valid_hours: input.valid_hours,
            expires_at: expiresAt.toISOString(),
            one_time_use: tool.oneTimeUse,
          },
        });
      });
      return { url: `${config.publicUrl}${TOOL_LINK_PATH}${token}`, expires_at: expiresAt.toISOString(), token };
    },

    generate(caller: Caller, input: GenerateInput, meta: ClientMeta) {
      return 'valid_hours' in input ? this.link(caller, input, meta) : this.build(caller, input, meta);
    },

    /**
     * A link opened without signing in. Refused (and nothing served) when the signature does not
     * hold, the link is unknown, expired, or — for a one-time tool — used. The OS is the link's own,
     * else `?os=`, else the tool's only platform; otherwise the opener is asked to choose.
     */
    async open(token: string, requestedOs: LinkOs | undefined, meta: ClientMeta): Promise<OpenedLink> {
      const claims = signer.verify(token);
      const link = claims ? await repo.findLink(db, claims.accountId, hashToken(token)) : undefined;
      if (!claims || !link || link.toolId !== claims.toolId) {
        await recordRefusedLink(meta, 'invalid');
        // 403, not 404: the path exists; the link does not grant access (and says nothing of whether it ever existed).
        throw new AppError('forbidden', LINK_INVALID);
      }
      const at = now();
      if (link.expiresAt <= at || claims.expiresAt <= at) {
        await recordRefusedLink(meta, 'expired', link);
        throw new AppError('gone', LINK_EXPIRED);
      }
      const tool = await toolOf(link.toolId);
      if (tool.oneTimeUse && link.usedAt) {
        await recordRefusedLink(meta, 'used', link);
        throw new AppError('gone', LINK_USED);
      }
      const os = claims.os ?? requestedOs ?? (tool.platforms.length === 1 ? tool.platforms[0] : undefined);
      if (!os) return { kind: 'choose-os', toolName: tool.name, platforms: tool.platforms };
      checkPlatform(tool, os, 'os');
      const file = await packageOf(link.accountId, tool, os);
      await inTransaction(db, async (tx) => {
        if (tool.oneTimeUse) {
          if (!(await repo.claimLink(tx, link.id, at))) throw new AppError('gone', LINK_USED);
        } else {
          await repo.markLinkUsed(tx, link.id, at);
        }
        const downloadId = await repo.insertDownload(tx, {
          accountId: link.accountId,
          contactId: link.contactId,
          toolId: tool.id,
          downloadToken: linkDownloadToken(link.id),
          createdAt: at,
        });
        await events.record(tx, {
          type: 'support_tool.link_downloaded',
          accountId: link.accountId,
          actor: downloadLinkActor(link.contactId),
          meta,
          data: {
            download_id: downloadId,
            link_id: link.id,
            tool: { id: tool.id, name: tool.name },
            os,
            filename: file.filename,
            one_time_use: tool.oneTimeUse,
          },
        });
      });
      return { kind: 'file', file };
    },

    /** Records a download: 'direct-download', or a link of this account for this tool. */
    async record(caller: Caller, input: DownloadInput, meta: ClientMeta): Promise<DownloadRecord> {
      const tool = await toolOf(input.tool_id);
      let downloadToken: string = DIRECT_DOWNLOAD_TOKEN;
      let linkId: number | undefined;
      if (input.download_token !== DIRECT_DOWNLOAD_TOKEN) {
        const claims = signer.verify(input.download_token);
        const link = claims?.accountId === caller.accountId ? await repo.findLink(db, caller.accountId, hashToken(input.download_token)) : undefined;
        if (!link) throw new AppError('not_found', LINK_NOT_IN_ACCOUNT, { download_token: LINK_NOT_IN_ACCOUNT });
        if (link.toolId !== tool.id) throw new AppError('validation_failed', LINK_OF_OTHER_TOOL, { download_token: LINK_OF_OTHER_TOOL });
        linkId = link.id;
        downloadToken = linkDownloadToken(link.id);
      }
      const id = await inTransaction(db, async (tx) => {
        const downloadId = await repo.insertDownload(tx, {
          accountId: caller.accountId,
          contactId: caller.contactId,
          toolId: tool.id,
          downloadToken,
          createdAt: now(),
        });
        await events.record(tx, {
          type: 'support_tool.downloaded',
          ...by(caller, meta),
          data: { download_id: downloadId, tool: { id: tool.id, name: tool.name }, via: linkId ? 'link' : 'direct', link_id: linkId ?? null },
        });
        return downloadId;
      });
      const [row] = await repo.listDownloads(db, caller.accountId, id);
      return toDownloadRecord(row!);
    },

    async history(caller: Caller): Promise<DownloadRecord[]> {
      return (await repo.listDownloads(db, caller.accountId)).map(toDownloadRecord);
    },
  };
}
export type SupportToolsService = ReturnType<typeof createSupportToolsService>;
