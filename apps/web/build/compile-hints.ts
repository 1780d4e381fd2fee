import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136): every function of the file is compiled eagerly, off the main thread. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The Vite plugin that writes the dynamic imports' dependency lists (`__vite__mapDeps`) at the top of chunks. */
const IMPORT_ANALYSIS = 'vite:build-import-analysis';

/**
 * Marks every script of the browser build with V8's explicit compile hint (decision 0054). Without it V8 compiles a
 * function when it is first called, on the main thread: a quarter of a signed-in screen's main-thread time on a repeat
 * visit was that compilation (`V8.CompileCode`, 110-134 ms of /apps' 480 ms unthrottled). With it, V8 compiles the
 * file's functions while the file streams in, on a background thread, and keeps them in the code cache. The portal's
 * chunks are already cut to what runs (a screen, a dialog when opened: build/chunk-groups.ts), so most of each file's
 * functions do run. Browsers without the hint read a comment.
 *
 * The hint must be a file's first line, so it is added after Vite has written its own first lines (the dependency
 * lists of dynamic imports, in `vite:build-import-analysis`) and before the manifest step, where the .br and .gz copies
 * are made (vite.config.ts). No plugin hook runs between those two, so this wraps the first one's, as
 * vite-plugin-compression2 wraps the second's. The source map is shifted by the one line.
 */
export function compileHints(): Plugin {
  return {
    name: 'portal:compile-hints',
    apply: 'build',
    configResolved(config) {
      const importAnalysis = config.plugins.find((plugin) => plugin.name === IMPORT_ANALYSIS);
      const hook = importAnalysis?.generateBundle;
      if (!importAnalysis || !hook) throw new Error(`compile-hints: no ${IMPORT_ANALYSIS} plugin with a generateBundle hook to follow`);
      const original = typeof hook === 'function' ? hook : hook.handler;
      const handler: typeof original = async function (this: unknown, ...args) {
        await original.apply(this as ThisParameterType<typeof original>, args);
        addCompileHints(args[1] as unknown as OutputBundle);
      };
      importAnalysis.generateBundle = typeof hook === 'function' ? handler : { ...hook, handler };
    },
  };
}

function addCompileHints(bundle: OutputBundle): void {
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk' || file.code.startsWith(COMPILE_HINT)) continue;
    file.code = `${COMPILE_HINT}\n${file.code}`;
    // One generated line more at the top: an empty line of mappings, in the chunk's map and in the .map file already
    // emitted from it.
    if (file.map) file.map.mappings = `;${file.map.mappings}`;
    const mapFile = bundle[`${file.fileName}.map`];
    if (mapFile?.type === 'asset') {
      const map = JSON.parse(mapFile.source.toString()) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      mapFile.source = JSON.stringify(map);
    }
  }
}
