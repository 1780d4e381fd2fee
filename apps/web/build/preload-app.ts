import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The page's entry (src/main.tsx) imports the app only dynamically, to run it at the right moment (at once, or at a
 * signed-out visitor's first intent: decision 0045); Vite preloads only static imports. This adds a modulepreload link
 * for the app's module (`appModule`) and every chunk it imports statically, so the browser fetches and compiles them
 * beside the entry, as it did when the entry imported the app itself: running later costs no network round trip.
 */
export function preloadApp(appModule: string): Plugin {
  return {
    name: 'portal:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle as OutputBundle).filter((file): file is OutputChunk => file.type === 'chunk');
        // The chunk holding the module: its own, or a group's (build/chunk-groups.ts puts it in `start`).
        const app = chunks.find((chunk) => chunk.moduleIds.includes(appModule));
        if (!app) throw new Error(`preload-app: no chunk is made for ${appModule}`);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        visit(app);
        // The entry's own static imports are in the page already (Vite's links).
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
