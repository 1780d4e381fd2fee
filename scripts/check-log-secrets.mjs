// Reads the server log of an end-to-end run and fails when any secret reached it (decision 0024):
// passwords typed in the journeys, tokens (JWT-shaped access tokens, reset/refresh/launch/link
// tokens), card numbers, CVVs, the vault key and token secret, Authorization header values.
// It prints the pattern and the line number of each finding, never the secret itself.
//
//   node scripts/check-log-secrets.mjs [LOG_FILE] [--data-dir DIR]
//
// Defaults follow apps/web/playwright.config.ts: .data/e2e-<E2E_PORT or 8181>/server.log, and the
// secrets.json the server generated into that data folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
const dataDir = resolve(root, values['data-dir'] ?? `.data/e2e-${process.env.E2E_PORT ?? 8181}`);
const logFile = resolve(root, positionals[0] ?? join(dataDir, 'server.log'));

if (!existsSync(logFile)) {
  console.error(`check-log-secrets: no log at ${logFile}; run the end-to-end journeys first (they write it).`);
  process.exit(2);
}

/** Passwords the journeys type (the demo one, and every literal filled into a password field). */
function typedPasswords() {
  const passwords = new Set(['demo-pass-2026']);
  const e2e = join(root, 'apps/web/e2e');
  for (const name of readdirSync(e2e, { recursive: true })) {
    if (!String(name).endsWith('.ts')) continue;
    for (const line of readFileSync(join(e2e, String(name)), 'utf8').split('\n')) {
      if (!/password/i.test(line)) continue;
      for (const match of line.matchAll(/\.fill\((['"`])([^'"`]{8,})\1\)/g)) passwords.add(match[2]);
      for (const match of line.matchAll(/PASSWORD\s*=\s*(['"`])([^'"`]{8,})\1/g)) passwords.add(match[2]);
    }
  }
  return [...passwords];
}

/** The token secret and vault keys: from the environment when set there, else the generated secrets.json. */
function serverSecrets() {
  const secrets = [];
  for (const name of ['TOKEN_SECRET', 'VAULT_KEY', 'METRICS_TOKEN']) if (process.env[name]) secrets.push({ name, value: process.env[name] });
  for (const key of (process.env.VAULT_OLD_KEYS ?? '').split(',').filter(Boolean)) secrets.push({ name: 'VAULT_OLD_KEYS', value: key.trim() });
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    for (const [name, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8'))))
      if (typeof value === 'string' && value.length >= 16) secrets.push({ name: `secrets.json ${name}`, value });
  }
  return secrets;
}

function luhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Numeric fields of a log line that are counts, times and ports, never card data. */
const NUMERIC_FIELDS = /"(time|pid|responseTime|remotePort|hostname|reqId|deleted|count)":\s*("[^"]*"|[\d.]+)/g;

const patterns = [
  ...typedPasswords().map((password, index) => ({ name: `a password typed in the journeys (#${index + 1})`, test: (line) => line.includes(password) })),
  ...serverSecrets().map(({ name, value }) => ({ name: `the server's ${name}`, test: (line) => line.includes(value) })),
  { name: 'a JWT-shaped token (eyJ…)', test: (line) => /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/.test(line) },
  { name: 'a Bearer credential', test: (line) => /Bearer\s+(?!\[redacted\])[A-Za-z0-9._~+/-]{8,}/i.test(line) },
  { name: 'an authorization header value', test: (line) => /"(authorization|cookie|x-api-key)"\s*:\s*"(?!\[redacted\])/i.test(line) },
  { name: 'a CVV field', test: (line) => /"(cc_)?(cvv|cvc)2?"\s*:\s*"?(?!\[redacted\])\d/i.test(line) },
  { name: 'a token in a query string', test: (line) => /[?&][A-Za-z_]*token=(?!\[redacted\])[^&"\s]/i.test(line) },
  { name: 'a support-tool link token', test: (line) => /\/support-tools\/links\/(?!\[redacted\])[A-Za-z0-9_~.-]{16,}/.test(line) },
  // randomToken(): 32 random bytes in base64url, the shape of reset, refresh, launch and link tokens
  // (a run followed by a dot is a file name: the web app's assets are name-hash.js).
  {
    name: 'a random token (43 base64url characters)',
    test: (line) => /(?<![A-Za-z0-9_.-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_.-])/.test(line.replace(NUMERIC_FIELDS, '')),
  },
  {
    name: 'a card number (13–19 digits of a card network, passing the Luhn check)',
    // A card number's first digit (ISO/IEC 7812's industry identifier) is 2–6 for every card network
    // (Mastercard's 2-series, Amex, Diners and JCB at 3, Visa 4, Mastercard 5, Discover and UnionPay 6).
    // Without it, one in ten millisecond timestamps (13 digits starting with 1, as the e2e journeys put
    // in their search words) passed for a card.
    test: (line) =>
      [...line.replace(NUMERIC_FIELDS, '').matchAll(/(?<![\d.])[2-6](?:[ -]?\d){12,18}(?![\d.])/g)].some((match) => {
        const digits = match[0].replace(/[ -]/g, '');
        return digits.length >= 13 && digits.length <= 19 && luhn(digits);
      }),
  },
];

const lines = readFileSync(logFile, 'utf8').split('\n');
const requestLines = lines.filter((line) => line.includes('"msg":"request completed"')).length;
const findings = [];
lines.forEach((line, index) => {
  for (const pattern of patterns) if (pattern.test(line)) findings.push(`  line ${index + 1}: ${pattern.name}`);
});

console.log(`check-log-secrets: ${logFile}: ${lines.length} lines, ${requestLines} requests logged, ${patterns.length} patterns`);
if (requestLines === 0) {
  console.error('check-log-secrets: the log has no request lines; is the server logging at info level into this file?');
  process.exit(1);
}
if (findings.length > 0) {
  console.error(`check-log-secrets: ${findings.length} secret${findings.length === 1 ? '' : 's'} found in the log:\n${findings.join('\n')}`);
  process.exit(1);
}
console.log('check-log-secrets: no secret found');
