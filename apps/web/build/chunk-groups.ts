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
    { name: 'vendor', priority: 30, test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]/ },
    { name: 'start', priority: 20, test: (id) => runs.start.has(id) },
    { name: 'shell', priority: 10, test: (id) => runs.shell.has(id) || SHELL_ALSO.test(id) },
  ];
}

/** The modules the sign-in page (`start`) and the signed-in shell (`shell`) run, filled when the build starts. */
export interface RunModules {
  start: Set<string>;
  shell: Set<string>;
}

/**
 * Fills `runs` when the build starts: the modules that the entry, and the shell's module, run before anything is
 * lazily loaded, after tree-shaking.
 */
export function findRunModules(entries: { start: string; shell: string }, runs: RunModules): Plugin {
  return {
    name: 'portal:run-modules',
    apply: 'build',
    async buildStart() {
      const [start, shell] = await Promise.all([modulesRunBy(entries.start), modulesRunBy(entries.shell)]);
      runs.start = start;
      // The shell's own module stays the lazily loaded chunk the router imports (it imports the group's).
      runs.shell = new Set([...shell].filter((id) => !start.has(id) && id !== entries.shell));
    },
  };
}

/**
 * A quick bundle of `entry` alone, its dynamic imports, styles and assets left out: the modules it runs. (Its static
 * import graph is no answer: through a package's index, such as Mantine's, it reaches every component, used or not.)
 */
async function modulesRunBy(entry: string): Promise<Set<string>> {
  const modules = new Set<string>();
  const bundle = await rolldown({
    input: entry,
    platform: 'browser',
    logLevel: 'silent',
    transform: { jsx: 'react-jsx', define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.DEV': 'false', 'import.meta.env.PROD': 'true' } },
    plugins: [leaveOutAllButScript],
  });
  try {
    const { output } = await bundle.generate({ format: 'es' });
    for (const file of output) {
      if (file.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(file.modules)) if (module.renderedLength > 0) modules.add(id);
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
