// `npm start`'s command line (apps/server/package.json), read by the release build and the benchmarks so that each
// starts the compiled server as it is deployed: the environment the script sets and Node's flags (decisions 0021,
// 0028, 0052).
import { readFileSync } from 'node:fs';

/**
 * `NAME=value … node --flag … entry.js` as `{ env, flags, entry }`. Anything else is refused, so a start script changed
 * into a form the benchmarks would misread stops them instead.
 * @param {string} script
 * @returns {{ env: Record<string, string>, flags: string[], entry: string }}
 */
export function parseStartScript(script) {
  const words = script.trim().split(/\s+/);
  /** @type {Record<string, string>} */
  const env = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  const [command, ...args] = words;
  const entry = args.at(-1);
  if (command !== 'node' || !entry?.endsWith('.js') || args.slice(0, -1).some((arg) => !arg.startsWith('--'))) {
    throw new Error(`the start script is no longer "[NAME=value …] node [--flag …] entry.js": ${script}`);
  }
  return { env, flags: args.slice(0, -1), entry };
}

/**
 * apps/server's `start` script, parsed.
 * @param {string} repoRoot
 */
export function npmStart(repoRoot) {
  return parseStartScript(JSON.parse(readFileSync(`${repoRoot}/apps/server/package.json`, 'utf8')).scripts.start);
}
