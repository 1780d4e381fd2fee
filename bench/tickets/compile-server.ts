// @ts-expect-error -- a plain .mjs module of the build scripts, without types
import { bundleServer, root } from '../../scripts/server-bundle.mjs';

/**
 * The benchmark's server compiled as `npm start` runs the portal (decision 0021): one JavaScript file on
 * plain Node.js, no TypeScript loader in memory, so its CPU and memory figures are the product's.
 * It sits four folders below the repository root, as the compiled server does (src/config/paths.ts).
 */
export async function compileBenchServer(): Promise<string> {
  await bundleServer({ outdir: 'apps/server/dist/bench', entryPoints: { 'tickets-server': 'bench/tickets/server.ts' } });
  return `${root as string}/apps/server/dist/bench/tickets-server.js`;
}
