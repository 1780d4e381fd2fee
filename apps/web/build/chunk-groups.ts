import { rolldown, type CodeSplittingGroup, type Plugin as RolldownPlugin } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Small modules that most signed-in screens run though the shell does not, carried by the shell's chunk (about 1 KB
 * compressed on every screen) rather than left to the bundler, which cuts each set of them that a different set of
 * screens and dialogs shares into a file of its own (0.1-0.6 KB each, one to four per screen; every lazily loaded
 * dialog adds sets): one more request each, a round trip on a phone. LoadedWhenOpened: every screen with a dialog;
 * Mantine's core helpers (get-single-element-child, create-event-handler, get-env…): its overlays and inputs.
 */
const SHELL_ALSO = /[\\/]src[\\/]shared[\\/]ui[\\/]LoadedWhenOpened\.tsx$|[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/;

/**
 * How the browser build groups modules into chunks (decision 0022).
 *
 * Left to itself, the bundler cuts whatever the sign-in page shares with any lazily loaded screen or dialog into a
 * chunk of its own: the sign-in page loaded 10–12 files, more with every lazy chunk added, many of 1–2 KB. Over
 * HTTP/1.1 a browser fetches six at a time, each a round trip (150 ms on a phone's network), on every first visit.
 * Groups instead, each one file:
 * - `vendor`: React, the router, TanStack Query and zod, which every page runs and which change rarely (a chunk of
 *   their own stays cached across releases);
 * - `start`: everything else the sign-in page runs (what the entry imports statically, after tree-shaking);
 * - `shell`: everything else the signed-in shell runs, which every signed-in screen comes with.
 * The screens import from these what they share with them; the rest is the bundler's own splitting, by the screens
 * that share a module.
 */
export function chunkGroups(runs: RunModules): CodeSplittingGroup[] {
  return [
    // What the page's entry runs before it imports the app (src/main.tsx imports it only dynamically, decision 0045) and
    // the app shares (the storage keys; Vite's module-preload helper, which every dynamic import calls): a file of their
    // own, about 1 KB. Left to itself, the bundler puts them in `start`, and the entry's static import of them would run
    // the whole app with the entry.
    { name: 'page', priority: 40, test: (id) => runs.page.has(id) || /vite[\\/]preload-helper/.test(id) },
    { name: 'vendor', priority: 30, test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]/ },
    { name: 'start', priority: 20, test: (id) => runs.start.has(id) },
    { name: 'shell', priority: 10, test: (id) => runs.shell.has(id) || SHELL_ALSO.test(id) },
  ];
}

/** The modules the sign-in page (`start`) and the signed-in shell (`shell`) run, filled when the build starts. */
export interface RunModules {
  /** What the page's entry runs itself, the entry's own module aside. */
  page: Set<string>;
  start: Set<string>;
  shell: Set<string>;
}

/**
 * Fills `runs` when the build starts: the modules that the app's module (`start`, which the page's entry imports
 * dynamically: decision 0045), and the shell's module, run before anything is lazily loaded, after tree-shaking. What the
 * entry (`page`) runs itself stays in the entry's chunk: were one of its modules in `start`, the entry would import the
 * group's chunk statically, and the whole app would run with it (a module whose constants the entry inlined still counts:
 * its chunk is still imported, for its side effects).
 */
export function findRunModules(entries: { page: string; start: string; shell: string }, runs: RunModules): Plugin {
  return {
    name: 'portal:run-modules',
    apply: 'build',
    async buildStart() {
      const [page, start, shell] = await Promise.all([
        modulesRunBy(entries.page, { evenIfInlined: true }),
        modulesRunBy(entries.start),
        modulesRunBy(entries.shell),
      ]);
      runs.page = new Set([...page].filter((id) => id !== entries.page));
      runs.start = new Set([...start].filter((id) => !page.has(id)));
      // The shell's own module stays the lazily loaded chunk the router imports (it imports the group's).
      runs.shell = new Set([...shell].filter((id) => !start.has(id) && id !== entries.shell));
    },
  };
}

/**
 * A quick bundle of `entry` alone, its dynamic imports, styles and assets left out: the modules it runs. (Its static
 * import graph is no answer: through a package's index, such as Mantine's, it reaches every component, used or not.)
 */
async function modulesRunBy(entry: string, { evenIfInlined = false } = {}): Promise<Set<string>> {
  // Without tree-shaking, a module whose every export was inlined stays in the bundle, and is counted.
  const modules = new Set<string>();
  const bundle = await rolldown({
    input: entry,
    platform: 'browser',
    logLevel: 'silent',
    transform: { jsx: 'react-jsx', define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' } },
    plugins: [leaveOutAllButScript],
    treeshake: !evenIfInlined,
  });
  try {
    const { output } = await bundle.generate({ format: 'es' });
    for (const file of output) {
      if (file.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(file.modules)) if (evenIfInlined || module.renderedLength > 0) modules.add(id);
    }
  } finally {
    await bundle.close();
  }
  if (modules.size === 0) throw new Error(`chunk-groups: ${entry} runs no module`);
  return modules;
}

const NOT_SCRIPT = /\.(css|svg|png|jpe?g|webp|woff2?)(\?.*)?$/;

const leaveOutAllButScript: RolldownPlugin = {
  name: 'leave-out-all-but-script',
  resolveId(source, _importer, options) {
    if (options.kind === 'dynamic-import' || NOT_SCRIPT.test(source)) return { id: source, external: true };
    return null;
  },
};
