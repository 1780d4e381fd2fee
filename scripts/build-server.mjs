// Compiles the server into apps/server/dist/bin (main.js and cli.js); `npm start` runs it (decision 0021).
import { bundleServer } from './server-bundle.mjs';

// Four levels below the repository root, as src/config/paths.ts is: its REPO_ROOT holds for both.
await bundleServer({ outdir: 'apps/server/dist/bin' });
console.log('server compiled (apps/server/dist/bin)');
