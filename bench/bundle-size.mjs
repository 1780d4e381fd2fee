// What a browser downloads before it can show the sign-in page, and before it can show the first
// signed-in screen (the shell and /apps), compressed; every lazy chunk; and two checks that fail the
// run (decision 0022):
//  - a first load that grows past its committed budget (plus a small tolerance). A deliberate growth
//    raises the budget in this file, in the same commit, saying why;
//  - code of the signed-in screens, or a heavy library, in what the sign-in page loads;
//  - a Mantine component without its stylesheet, or a script without V8's compile hint as its first line.
// Run after `npm run build`: npm run bench:bundle
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * gzip KB. Measured 2026-11-25 (decision 0022); the tolerance absorbs a dependency's patch release. 2026-11-26: the
 * JavaScript budgets lowered to what the endpoint groups left (175.0 and 228.5 KB); the stylesheet's raised by the
 * screens' CSS modules, now in the one stylesheet every page loads (36.9 KB, vite.config.ts cssCodeSplit). Later the
 * same day the signed-in budget to 198 KB: the account menu (Menu, floating-ui, a focus trap) loads when first opened
 * (UserMenu.tsx), 228.5 → 195.5 KB. Then, with the chunk groups (apps/web/build/chunk-groups.ts) and the app tiles as
 * plain elements: sign-in JS 175.7 → 171.8, first signed-in screen 195.5 → 189.3 KB, budgets 174 and 192; the
 * stylesheet 37.3 → 38.1 KB (the tiles' CSS module, which replaced Mantine components), budgets 38.5.
 * 2026-11-28: Mantine's styles per component (decision 0045), the stylesheet 38.1 → 25.7 KB, budgets 26.5. The same day the
 * app's module run apart from the page's entry (one more file: what the entry runs and shares, ~1 KB), JavaScript budgets
 * 176 and 194. Later that day issues 35-37 (the header's bell with its unread count's query and schemas on every
 * signed-in screen, its panel and the live stream's reader lazily loaded; the signed-out router's unsubscribe page;
 * the contract's shared entities): sign-in JS 175.9 → 176.8, first signed-in screen 193.6 → 196.7 KB, budgets 177.5
 * and 198. 2026-12-07, issue 37: two more ways to sign in on the sign-in page, each a button whose code loads when pressed
 * or when the typed domain has an identity provider ('Sign in with a passkey' and 'Sign in with <name>', 0.2 and 0.4 KB):
 * sign-in JS 177.4 → 178.0, budget 178.5. 2026-12-08: V8's compile hint as every script's first line (decision 0054), about
 * 25 bytes compressed a file: sign-in JS 178.0 → 178.1, first signed-in screen 197.9 → 198.3 KB (within the tolerance).
 */
const BUDGET_KB = { signInJs: 178.5, signInCss: 26.5, signedInJs: 198, signedInCss: 26.5 };
const TOLERANCE = 0.02;
/** The first line apps/web/build/compile-hints.ts gives every script of the build. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** What the sign-in page must never load: the signed-in screens' own code and the heavy libraries. */
const NOT_ON_SIGN_IN = [
  /\/src\/features\/(?!auth\/)/,
  /\/src\/app\/(layouts\/(SignedInLayout|AppNavbar|UserMenu|AccountButton|AccountMenu|ImpersonationBanner|SectionBreadcrumb)|SupportToolsTab)\b/,
  /node_modules\/(recharts|@mantine\/charts|@mantine\/dates|dayjs|d3-|dompurify|libphonenumber-js)/,
];

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunks a chunk needs before it runs (its static imports, all the way down), with its styles. */
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
const keyOfSource = (src) => {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].src === src);
  if (!key) throw new Error(`${src} is not an entry of the build (renamed? update bench/bundle-size.mjs)`);
  return key;
};

// The page's entry imports the app dynamically, and the page preloads it with the entry (decision 0045): both are what
// the sign-in page loads.
const signIn = staticClosure(['index.html', ...manifest['index.html'].dynamicImports]);
const signedIn = staticClosure([keyOfSource('src/app/layouts/SignedInLayout.tsx'), keyOfSource('src/features/apps/components/AppsPage.tsx')], new Set(signIn));

const filesOf = (keys, field) => [...new Set([...keys].flatMap((key) => (field === 'css' ? (manifest[key].css ?? []) : [manifest[key].file])))];
const size = (files, compress) => files.reduce((sum, file) => sum + compress(readFileSync(join(dist, file))).length, 0) / 1024;
const gzip = (buffer) => gzipSync(buffer, { level: 9 });
const brotli = (buffer) => brotliCompressSync(buffer);

/** The app's one stylesheet (vite.config.ts: cssCodeSplit is off), which index.html loads for every page. */
const pageStylesheets = manifest['style.css'] ? [manifest['style.css'].file] : [];
const stylesOf = (keys) => [...new Set([...pageStylesheets, ...filesOf(keys, 'css')])];

const rows = [
  ['sign-in page JS', filesOf(signIn, 'js'), BUDGET_KB.signInJs],
  ['sign-in page CSS', stylesOf(signIn), BUDGET_KB.signInCss],
  ['signed in (shell + /apps) JS', filesOf(signedIn, 'js'), BUDGET_KB.signedInJs],
  ['signed in (shell + /apps) CSS', stylesOf(signedIn), BUDGET_KB.signedInCss],
].map(([name, files, budget]) => ({ name, files: files.length, gzip: size(files, gzip), brotli: size(files, brotli), budget }));

console.log('first load                      files   gzip KB  brotli KB   budget KB (gzip)');
for (const row of rows) {
  console.log(
    `${row.name.padEnd(30)}${String(row.files).padStart(7)}${row.gzip.toFixed(1).padStart(10)}${row.brotli.toFixed(1).padStart(11)}${row.budget.toFixed(1).padStart(12)}`,
  );
}

const firstLoadFiles = new Set([...filesOf(signedIn, 'js')]);
const lazy = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js') && !firstLoadFiles.has(chunk.file))
  .map((chunk) => ({ file: chunk.file.replace('assets/', ''), kb: size([chunk.file], gzip) }))
  .sort((a, b) => b.kb - a.kb);
console.log(
  `lazy chunks: ${lazy.length}, largest (gzip): ${lazy
    .slice(0, 6)
    .map((chunk) => `${chunk.file} ${chunk.kb.toFixed(1)} KB`)
    .join(', ')}`,
);

const problems = [];
for (const row of rows) {
  if (row.gzip > row.budget * (1 + TOLERANCE)) problems.push(`${row.name}: ${row.gzip.toFixed(1)} KB is over its budget of ${row.budget} KB`);
  else if (row.gzip < row.budget * 0.9) console.log(`note: ${row.name} is well under its budget; lower BUDGET_KB so that growth shows`);
}
for (const file of filesOf(signIn, 'js')) {
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) continue; // the bundler's own runtime has no sources
  const { sources } = JSON.parse(readFileSync(mapPath, 'utf8'));
  const forbidden = sources.filter((source) => NOT_ON_SIGN_IN.some((pattern) => pattern.test(`/${source.replace(/^(\.\.\/)+/, '')}`)));
  if (forbidden.length) problems.push(`the sign-in page loads ${file}, which holds ${forbidden.slice(0, 5).join(', ')}${forbidden.length > 5 ? ', …' : ''}`);
}
problems.push(...mantineComponentsWithoutStyles());
problems.push(...scriptsWithoutCompileHint());
if (problems.length) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log('the sign-in page loads none of the signed-in screens’ code and none of the heavy libraries');
console.log('every Mantine component in the build has its stylesheet in src/shared/ui/mantine-styles.css');
console.log(`every script of the build starts with V8's compile hint (${COMPILE_HINT})`);

/**
 * The portal imports Mantine's styles per component (decision 0045): a component the build carries (its class names'
 * module is in a chunk's sources) whose stylesheet is not imported would render unstyled.
 */
function mantineComponentsWithoutStyles() {
  const imported = new Set(
    [...readFileSync(new URL('../apps/web/src/shared/ui/mantine-styles.css', import.meta.url), 'utf8').matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map(
      ([, name]) => name,
    ),
  );
  const used = new Set();
  for (const chunk of Object.values(manifest)) {
    const mapPath = join(dist, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapPath)) continue;
    for (const source of JSON.parse(readFileSync(mapPath, 'utf8')).sources) {
      const component = /@mantine\/core\/esm\/components\/(?:\w+\/)*(\w+)\.module\.mjs$/.exec(source)?.[1];
      if (component) used.add(component);
    }
  }
  if (used.size === 0) return ['no Mantine component found in the build’s source maps (has Mantine moved its files? update bench/bundle-size.mjs)'];
  return [...used]
    .filter((name) => !imported.has(name))
    .map((name) => `Mantine's ${name} is in the build but its stylesheet is not imported (src/shared/ui/mantine-styles.css)`);
}

/**
 * Every script starts with V8's compile hint (apps/web/build/compile-hints.ts, decision 0054): a Vite upgrade that wrote
 * its own first line after the hint would silently leave the compilation on the phone's main thread again.
 */
function scriptsWithoutCompileHint() {
  return Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js') && !readFileSync(join(dist, chunk.file), 'utf8').startsWith(`${COMPILE_HINT}\n`))
    .map((chunk) => `${chunk.file} does not start with V8's compile hint (apps/web/build/compile-hints.ts)`);
}
