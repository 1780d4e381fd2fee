import fc from 'fast-check';

/** Arbitraries of hostile input for the fuzz test (request-fuzzing.test.ts). */

const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => code < 0x20 || code >= 0x7f)
  .map((code) => String.fromCharCode(code));

/** Strings a database, a path or a parser might choke on. */
export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }), // includes lone surrogates
  fc.tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    "' OR 1=1 --",
    '"; DROP TABLE contacts; --',
    '../../../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '{{7*7}}',
    '\\',
    '\u202e',
    '\ud800',
    'tail \udfff',
    '\ufffe\uffff\ufdd0',
    'NaN',
    '-1',
    '1e309',
    '0x10',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'x'.repeat(length)),
);

const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

/** A value nested `depth` times in arrays or objects. */
const deeplyNested = fc.integer({ min: 50, max: 2_000 }).map((depth) => {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
});

/** Any JSON value, with hostile strings and prototype keys among the keys. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  fc.oneof(
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, -1e308, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 1e-7),
  ),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.oneof(prototypeKey, hostileString), fc.oneof(hostileString, fc.integer(), fc.constant(null)), { maxKeys: 5 }),
  prototypeKey.map((key) => JSON.parse(`{"${key}": {"isAdmin": true, "admin_group": true}}`) as unknown),
  deeplyNested,
  fc.array(fc.integer(), { minLength: 1_000, maxLength: 20_000 }),
);

/** A path parameter value (before URL encoding). */
export const hostilePathValue = fc.oneof(
  hostileString.filter((value) => value.length < 3_000),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Query parameters, including unknown ones and hostile values for the known ones. */
export const hostileQuery = fc.dictionary(
  fc.oneof(fc.constantFrom('limit', 'search', 'status', 'sort', 'username', 'q', 'offset', '__proto__'), fc.string({ maxLength: 8 })),
  hostileString.filter((value) => value.length < 5_000),
  { maxKeys: 4 },
);

export interface OddBody {
  payload: string | Buffer;
  contentType?: string;
}

/** Bodies that are not the JSON object the endpoint expects. */
export const oddBody: fc.Arbitrary<OddBody> = fc.oneof(
  // Invalid UTF-8 inside a JSON string.
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({
    payload: Buffer.concat([Buffer.from('{"description": "'), Buffer.from([0xff, 0xfe, ...bytes]), Buffer.from('"}')]),
    contentType: 'application/json',
  })),
  fc.constantFrom<OddBody>(
    { payload: '', contentType: 'application/json' },
    { payload: '{', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '[]', contentType: 'application/json' },
    { payload: '"text"', contentType: 'application/json' },
    { payload: '{"a":1}', contentType: 'text/plain' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { payload: '<xml/>', contentType: 'application/xml' },
    { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
    { payload: '{"a":1}' },
  ),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, contentType: 'application/json' })),
);

/*
 * Classes of input each sent to every field of every endpoint (request-fuzzing.test.ts, "classes"):
 * a new endpoint inherits them. Numbers and exponents go as raw JSON text, so that what the server
 * parses is exactly what a client could send (9007199254740993 is not a JavaScript number).
 */
export const TEXT_CLASSES = ['"\\ud800"', '"tail \\udfff"', '"\\udc00\\ud800"', '"\\ufffe\\uffff\\ufdd0"'];
export const NUMBER_CLASSES = ['2147483647', '2147483648', '-2147483649', '4294967296', '9007199254740992', '9007199254740993', '-0', '1E3', '1e-7', '1e400'];
export const SHAPE_CLASSES = ['{}', '[]'];
/** The same, as a path or query value (before URL encoding). */
export const PARAMETER_CLASSES = ['2147483648', '4294967296', '9007199254740993', '-0', '1e3', '0x10', '\ud800', '\ufffe'];

/** Every leaf of a JSON body (depth-first, objects only), with its path. */
export function leavesOf(value: unknown, path: string[] = []): { path: string[]; value: unknown }[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return path.length ? [{ path, value }] : [];
  return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
}

/** The body's JSON with the leaf at `path` replaced by the raw JSON text `raw`. */
export function withRawLeaf(body: unknown, path: string[], raw: string): string {
  const marker = '\u0001leaf\u0001';
  const copy = structuredClone(body) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[path.at(-1)!] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

/** The body's JSON with its first key written a second time, holding `raw` (JSON allows it; the last one wins in JSON.parse). */
export function withRepeatedKey(body: Record<string, unknown>, raw: string): string | undefined {
  const first = Object.keys(body)[0];
  if (first === undefined) return undefined;
  return JSON.stringify(body).replace(/}$/, `,${JSON.stringify(first)}:${raw}}`);
}
