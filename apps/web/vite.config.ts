import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { chunkGroups, findRunModules, type RunModules } from './build/chunk-groups';
import { compileHints } from './build/compile-hints';
import { preloadApp } from './build/preload-app';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The portal server (apps/server) serves the API and the runtime config; in dev Vite forwards to it. */
const portalServer = process.env.PORTAL_DEV_SERVER ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: portalServer, changeOrigin: true },
  '/config.js': { target: portalServer, changeOrigin: true },
};

/**
 * `vite build --ssr src/prerender.tsx` (the second half of `npm run build`): the program the server forks at
 * start-up to render the signed-out pages (decision 0022), in dist-prerender/, which the server never serves.
 * Self-contained (every package bundled in), so the release needs none of the web app's packages.
 */
const prerenderBuild = defineConfig({
  root: webRoot,
  plugins: [react()],
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: fileURLToPath(new URL('./dist-prerender', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // Mantine marks its modules "use client" (for React Server Components); meaningless in a bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});

/** What the sign-in page and the signed-in shell run, found when the build starts (build/chunk-groups.ts). */
const runModules: RunModules = { page: new Set(), start: new Set(), shell: new Set() };
const sourceFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const browserBuild = defineConfig({
  root: webRoot,
  plugins: [
    react(),
    // The sign-in page runs the app's module (src/main.tsx imports it dynamically, decision 0045), preloaded with the page.
    findRunModules(
      { page: sourceFile('./src/main.tsx'), start: sourceFile('./src/app/mount.tsx'), shell: sourceFile('./src/app/layouts/SignedInLayout.tsx') },
      runModules,
    ),
    preloadApp(sourceFile('./src/app/mount.tsx')),
    // Every script compiled while it streams in, off the main thread (decision 0054).
    compileHints(),
    // Brotli and gzip copies of every script, style and page, made once at build time at the highest
    // levels; the server sends the one the browser accepts (http/static-web.ts, preCompressed).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      exclude: [/\.map$/],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // One stylesheet, loaded with the page: the screens' own CSS modules add ~2 KB compressed to it. Split per screen,
    // each arrived as a stylesheet inserted while the screen opened, and every insertion restyled the whole document
    // (~60 ms each on a phone, one to three per screen: decision 0022).
    cssCodeSplit: false,
    // .vite/manifest.json: which chunks each page and screen loads, for the bundle budget (bench/bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups(runModules) } },
    },
  },
  server: { proxy },
  preview: { proxy },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderBuild : browserBuild));
