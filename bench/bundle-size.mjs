// Prints what a browser downloads for the first screen (gzip), and every lazy chunk, and fails
// when the first load grows past its budget. Run after `npm run build`: npm run bench:bundle
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = { firstLoadJs: 200, firstLoadCss: 45 };
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const referenced = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]);

const kb = (path) => gzipSync(readFileSync(join(dist, path))).length / 1024;
const firstJs = referenced.filter((path) => path.endsWith('.js'));
const firstCss = referenced.filter((path) => path.endsWith('.css'));
const total = (paths) => paths.reduce((sum, path) => sum + kb(path), 0);

const lazy = readdirSync(join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((path) => path.endsWith('.js') && !firstJs.includes(path))
  .map((path) => ({ path, kb: kb(path) }))
  .sort((a, b) => b.kb - a.kb);

const rows = [
  ['first load JS (gzip)', total(firstJs), BUDGET_KB.firstLoadJs],
  ['first load CSS (gzip)', total(firstCss), BUDGET_KB.firstLoadCss],
];
console.log('bundle                      size KB   budget KB');
for (const [name, size, budget] of rows) console.log(`${name.padEnd(26)}${size.toFixed(1).padStart(9)}${String(budget).padStart(12)}`);
console.log(`lazy chunks: ${lazy.length}, largest: ${lazy.slice(0, 5).map((chunk) => `${chunk.path.replace('assets/', '')} ${chunk.kb.toFixed(1)} KB`).join(', ')}`);

const over = rows.filter(([, size, budget]) => size > budget);
if (over.length) {
  console.error(`over budget: ${over.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
