import type { SupportToolEventType } from '@portal/contract';
import { webhookActor, type ConsequenceTable } from './consequences.js';

/** What the support tools' events cause (decisions 0017 and 0041): every link and download is audited. */
export const supportToolConsequences: ConsequenceTable<SupportToolEventType> = {
  'support_tool.built': {
    audit: ({ data }) => ({
      action: 'support_tools.built',
      details: { tool_id: data.tool.id, tool: data.tool.name, os: data.os, filename: data.filename, bytes: data.bytes },
    }),
  },
  'support_tool.link_created': {
    audit: ({ data }) => ({
      action: 'support_tools.link_created',
      details: {
        link_id: data.link_id,
        tool_id: data.tool.id,
        tool: data.tool.name,
        os: data.os,
        valid_hours: data.valid_hours,
        expires_at: data.expires_at,
        one_time_use: data.one_time_use,
      },
    }),
  },
  'support_tool.link_refused': {
    // An expired, used or forged link may be someone trying.
    audit: ({ data }) => ({
      action: 'support_tools.link_refused',
      outcome: 'denied',
      details: { reason: data.reason, ...(data.link ? { link_id: data.link.id, tool_id: data.link.tool_id } : {}) },
    }),
  },
  'support_tool.link_downloaded': {
    audit: ({ data }) => ({
      action: 'support_tools.link_downloaded',
      details: {
        link_id: data.link_id,
        download_id: data.download_id,
        tool_id: data.tool.id,
        tool: data.tool.name,
        os: data.os,
        filename: data.filename,
        one_time_use: data.one_time_use,
      },
    }),
    // Opened without signing in: nobody to name but the link (its creator is in the audit log).
    webhook: ({ data, actor }) => ({
      type: 'support_tool.downloaded',
      data: { download_id: data.download_id, tool: data.tool, via: 'link', os: data.os, by: webhookActor(actor) },
    }),
  },
  'support_tool.downloaded': {
    audit: ({ data }) => ({
      action: 'support_tools.download_recorded',
      details: {
        download_id: data.download_id,
        tool_id: data.tool.id,
        tool: data.tool.name,
        via: data.via,
        ...(data.link_id !== null ? { link_id: data.link_id } : {}),
      },
    }),
    webhook: ({ data, actor }) => ({
      type: 'support_tool.downloaded',
      data: { download_id: data.download_id, tool: data.tool, via: data.via, os: null, by: webhookActor(actor) },
    }),
  },
};
