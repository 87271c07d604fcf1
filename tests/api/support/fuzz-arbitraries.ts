import fc from 'fast-check';

/** Keys that reach Object.prototype when a server indexes a plain object with client input. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u202d',
  '\ufeff',
  '%00',
  '%',
  '%zz',
  '%C0%AE%C0%AE/',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  '{}',
  '1e400',
  '😀😀😀',
  'Ü\u0301',
  '\r\nSet-Cookie: x=1',
  '\\',
  '"',
  ...PROTOTYPE_KEYS,
];

/** Strings a server gets wrong: empty, control characters, lone surrogates, markup, huge. */
export const hostileString = (maxHuge: number): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 1, arbitrary: fc.tuple(fc.nat({ max: maxHuge }), fc.constantFrom('x', 'é', '\u0000', '😀', ' ')).map(([n, unit]) => unit.repeat(Math.max(1, Math.floor(n / 4)))) },
  );

/** Deeply nested arrays or objects, as a value (JSON.stringify-able within the body limit). */
export const deepValue = (maxDepth: number): fc.Arbitrary<unknown> =>
  fc.tuple(fc.integer({ min: 20, max: maxDepth }), fc.boolean()).map(([depth, arrays]) => {
    let value: unknown = arrays ? [] : {};
    for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
    return value;
  });

/** Any value that is not a string: the wrong type for every field of every body. */
export const nonString = (maxDepth: number): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(-0, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 0.1),
    fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS)), fc.string({ maxLength: 10 }), { maxKeys: 4 }),
    deepValue(maxDepth),
  );

/** Any value at all, hostile strings included. */
export const anyValue = (maxHuge: number, maxDepth: number): fc.Arbitrary<unknown> =>
  fc.oneof(hostileString(maxHuge), nonString(maxDepth));

/**
 * Extra keys for a body: unknown names and prototype names, with any values. Written as JSON
 * text by the caller, so "__proto__" stays an own key as it does when the server parses it.
 */
export const extraEntries = (maxHuge: number, maxDepth: number): fc.Arbitrary<[string, unknown][]> =>
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 20 })), anyValue(maxHuge, maxDepth)), { maxLength: 4 });

/** JSON text of an object with these entries in order (duplicates and "__proto__" kept as written). */
export function objectText(entries: readonly [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

/**
 * An invalid body for an endpoint: a JSON value that is not an object, or an object whose
 * decisive field holds a value the endpoint must refuse, with other fields and extra keys around it.
 */
export function invalidBody(options: {
  decisive: string;
  badValue: fc.Arbitrary<unknown>;
  otherFields: readonly string[];
  maxHuge: number;
  maxDepth: number;
  /** Also an array, string, number... instead of an object. */
  nonObject?: boolean;
}): fc.Arbitrary<string> {
  const { maxHuge, maxDepth } = options;
  const asObject = fc
    .tuple(
      options.badValue,
      fc.array(fc.tuple(fc.constantFrom(...(options.otherFields.length ? options.otherFields : ['x'])), anyValue(maxHuge, maxDepth)), { maxLength: 3 }),
      extraEntries(maxHuge, maxDepth),
      fc.boolean(),
    )
    .map(([bad, others, extras, decisiveLast]) => {
      const entries: [string, unknown][] = [...others.filter(([key]) => key !== options.decisive), ...extras.filter(([key]) => key !== options.decisive)];
      if (decisiveLast) entries.push([options.decisive, bad]);
      else entries.unshift([options.decisive, bad]);
      return objectText(entries);
    });
  if (options.nonObject === false) return asObject;
  const nonObject = fc.oneof(nonString(maxDepth).filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)), hostileString(maxHuge)).map((value) => JSON.stringify(value));
  return fc.oneof({ weight: 4, arbitrary: asObject }, { weight: 1, arbitrary: nonObject });
}

/** Valid JSON text nested deeper than a value generator can build (JSON.stringify would overflow). */
export const deepJsonText = (maxDepth: number): fc.Arbitrary<string> =>
  fc.tuple(fc.integer({ min: 1000, max: maxDepth }), fc.constantFrom('array', 'object', 'mixed')).map(([depth, kind]) => {
    if (kind === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return `${'{"__proto__":['.repeat(depth)}${']}'.repeat(depth)}`;
  });

/** Text that JSON.parse refuses (and that is not blank, which the server reads as {}). */
export const invalidJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"a":', "{'a':1}", 'NaN', 'undefined', '[1,]', '{"a":1}}', '\ufeff{}', '{"a":1,}', '01', '"abc', '{"__proto__":}', '[' .repeat(20000), '{"a":"\u0000', 'nul', '\u0000'),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
).filter((text) => {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});

/** Content types the JSON parser must refuse with 415. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/json',
  'application/jsonx',
  'application/vnd.api+json',
  'application/json-patch+json',
  'json',
  '*/*',
  'application/',
  ';;;',
  'application/octet-stream',
);

/** Origin values that are not the server's own (so a state-changing call must be refused). */
export const foreignOrigin = (own: string, allowed: readonly string[]): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom(
        'null',
        'https://evil.example',
        `${own}/`,
        `${own}.evil.example`,
        own.replace('http://', 'https://'),
        own.replace('127.0.0.1', 'localhost'),
        own.toUpperCase(),
        `${own}:80`,
        `${own}/x`,
        'file://',
        'chrome-extension://abcdef',
        `http://evil.example@${own.slice('http://'.length)}`,
        own.replace(/:\d+$/, ':1'),
      ),
      fc.webUrl().map((url) => new URL(url).origin),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }).filter((text) => text.trim() !== '' && !/[\r\n]/.test(text)),
    )
    .filter((origin) => origin.trim() !== '' && !allowed.includes(origin.trim()));

/** Query-string values: missing, empty, over-long, odd encodings. Returned already encoded (or not). */
export const oddQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', '%', '%zz', '%00', '%E0%A4%A', '%C0%AE', '%FF%FE', '+', '%2B', '%20%20', '%F0%9F%98%80', '..%2F..%2F', '%u0041', 'a%26b%3Dc', '%5B%5D', 'null'),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.nat({ max: 6000 }).map((n) => 'A'.repeat(n)),
  fc.nat({ max: 2000 }).map((n) => '%41'.repeat(n)),
);
