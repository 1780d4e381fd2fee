import { endpoints } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { AgentPackage } from '../../platform/monitoring-system.js';
import { chooseOsPage } from './link-page.js';
import type { SupportToolsService } from './support-tools.service.js';

/** A built file as a download, named by the content-disposition header. */
const sendFile = (reply: FastifyReply, file: AgentPackage) =>
  reply.header('content-disposition', `attachment; filename="${file.filename}"`).header('cache-control', 'no-store').type(file.contentType).send(file.data);

export function supportToolsRoutes(tools: SupportToolsService): EndpointRoute[] {
  return [
    route(endpoints.listSupportTools, async ({ caller }) => tools.tools(caller)),
    route(endpoints.generateToolLink, async ({ caller, body, client, reply }) => {
      const answer = await tools.generate(caller, body, client);
      return 'data' in answer ? sendFile(reply, answer) : answer;
    }),
    route(endpoints.recordToolDownload, async ({ caller, body, client }) => tools.record(caller, body, client)),
    route(endpoints.listToolDownloads, async ({ caller }) => tools.history(caller)),
    route(endpoints.openToolLink, async ({ params, query, client, reply }) => {
      const opened = await tools.open(params.token, query.os, client);
      if (opened.kind === 'file') return sendFile(reply, opened.file);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(chooseOsPage(opened.toolName, opened.platforms));
    }),
  ];
}
