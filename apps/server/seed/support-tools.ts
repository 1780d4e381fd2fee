import { inArray } from 'drizzle-orm';
import { supportTools, toolDownloads, type OsType } from '../src/db/schema/index.js';
import type { SeedContext, SeededAccount } from './context.js';

function tools(providerDomain: string) {
  const docs = (slug: string) => `https://support.${providerDomain}/docs/${slug}`;
  return [
    {
      name: 'ITP RMM Agent',
      description: 'Remote monitoring and management agent. Built for your account, so devices report to your organization as soon as it is installed.',
      type: 'rmm_agent' as const,
      platforms: ['windows', 'mac', 'linux'] as OsType[],
      requiresCustomBuild: true,
      oneTimeUse: false,
      fileSize: '48.2 MB',
      documentationUrl: docs('rmm-agent'),
    },
    {
      name: 'ITP Remote Assist',
      description: 'Lets a technician view and control your screen during a support call. Runs once, installs nothing, and closes when the session ends.',
      type: 'remote_assist' as const,
      platforms: ['windows', 'mac'] as OsType[],
      requiresCustomBuild: false,
      oneTimeUse: true,
      fileSize: '6.4 MB',
      documentationUrl: docs('remote-assist'),
    },
    {
      name: 'MeshCentral Agent',
      description: 'Open-source remote management agent for servers and kiosks that need unattended access.',
      type: 'meshcentral' as const,
      platforms: ['windows', 'linux'] as OsType[],
      requiresCustomBuild: false,
      oneTimeUse: false,
      fileSize: '3.1 MB',
      documentationUrl: docs('meshcentral'),
    },
    {
      name: 'Network Diagnostic Toolkit',
      description: 'Collects network, DNS and VoIP quality measurements into a report you can attach to a ticket.',
      type: 'diagnostic' as const,
      platforms: ['windows', 'mac', 'linux'] as OsType[],
      requiresCustomBuild: false,
      oneTimeUse: false,
      fileSize: '12.7 MB',
      documentationUrl: null,
    },
  ];
}

export async function seedSupportTools(ctx: SeedContext, acme: SeededAccount, globex: SeededAccount): Promise<{ toolCount: number; downloadCount: number }> {
  const catalogue = tools(ctx.providerDomain);
  // The catalogue is reference data that may already exist; reuse it by name.
  await ctx.tx.insert(supportTools).values(catalogue).onConflictDoNothing({ target: supportTools.name });
  const rows = await ctx.tx
    .select({ id: supportTools.id, name: supportTools.name })
    .from(supportTools)
    .where(
      inArray(
        supportTools.name,
        catalogue.map((tool) => tool.name),
      ),
    );
  const toolId = (name: string) => {
    const found = rows.find((tool) => tool.name === name);
    if (!found) throw new Error(`support tool ${name} missing`);
    return found.id;
  };

  const random = ctx.randomFor('support-tools');
  const { clock } = ctx;
  const downloads = [
    { account: acme, email: 'alice.admin@acme.example', tool: 'ITP RMM Agent', token: 'direct-download', daysAgo: 140 },
    { account: acme, email: 'marcus.webb@acme.example', tool: 'ITP Remote Assist', token: `dl_${random.token(24)}`, daysAgo: 33 },
    { account: acme, email: 'alice.admin@acme.example', tool: 'Network Diagnostic Toolkit', token: `dl_${random.token(24)}`, daysAgo: 9 },
    { account: acme, email: 'grace.liu@acme.example', tool: 'ITP RMM Agent', token: 'direct-download', daysAgo: 2 },
    { account: globex, email: 'gina.admin@globex.example', tool: 'MeshCentral Agent', token: `dl_${random.token(24)}`, daysAgo: 21 },
  ];
  await ctx.tx.insert(toolDownloads).values(
    downloads.map((download) => ({
      accountId: download.account.id,
      contactId: download.account.contact(download.email).id,
      toolId: toolId(download.tool),
      downloadToken: download.token,
      createdAt: clock.plusHours(clock.daysAgo(download.daysAgo), random.int(0, 8)),
    })),
  );
  return { toolCount: catalogue.length, downloadCount: downloads.length };
}
