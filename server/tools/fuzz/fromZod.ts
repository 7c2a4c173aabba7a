/**
 * fast-check arbitraries read from the contract's zod schemas: each field gets values of its own
 * shape (often valid, often at the edges: ids past int4, dates PostgreSQL cannot hold, huge and
 * blank texts) mixed with values of the wrong type, missing fields and unknown ones.
 */
import fc from 'fast-check';
import type { z } from 'zod';

export interface Samples {
  /** Ids that exist, so some generated writes really succeed. */
  ids: number[];
}

/**
 * What a path or query parameter can hold that once answered 500 (issue 32): a lone or encoded
 * percent sign (a second decode throws), NUL (PostgreSQL text cannot hold it), and dates JavaScript
 * parses but PostgreSQL cannot hold. Sent as the parameter's decoded value (the client encodes it).
 */
export const BAD_PARAMETER_VALUES = [
  '%',
  '%25',
  '%00',
  '100%',
  '%E0%A4%A',
  '\u0000',
  'a\u0000b',
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '4714-11-24T00:00:00Z BC',
];

const EDGE_NUMBERS = [0, -1, 1, 0.5, -0, 2_147_483_647, 2_147_483_648, -2_147_483_649, 4_294_967_296, Number.MAX_SAFE_INTEGER, 1e21, 1e308, -1e308, 5e-324, 1899, 1900, 2999, 3000];
const EDGE_STRINGS = [
  '',
  ' ',
  '0000-01-01',
  '9999-12-31',
  '1899-12-31',
  '2026-02-29',
  '2024-02-29',
  '2026-11-22',
  '2026-11-22T12:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '12.345.678-5',
  '123456785',
  '12345678',
  '1-9',
  '99999999-9',
  'LIGUA1',
  'AB1234',
  'BCDF12',
  'correo@example.cl',
  '+56 9 1234 5678',
  '2147483648',
  '-1',
  '1e3',
  'null',
  '\u0000',
  // Names are one line (contract/plainText.ts): C0, C1, line/paragraph separators and bidi controls.
  'Ana\r\nBcc: x@y.cl',
  'Juan\u0085Pérez',
  'Zona\u2028Centro',
  'factura\u202Efdp.exe',
  '\u2066Ruta\u2069',
  // Internal addresses in IPv6 clothing (webhooks): mapped, compatible, NAT64 and 6to4 forms.
  'http://[::ffff:127.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:a9fe:a9fe::]/',
  '😀'.repeat(50),
  'x'.repeat(5000),
  "'; drop table drivers; --",
  ...BAD_PARAMETER_VALUES,
];

/** Anything JSON can carry: the wrong type for most fields. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...EDGE_NUMBERS),
  fc.constantFrom(...EDGE_STRINGS),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const numberArb = (samples: Samples) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(samples.ids.length ? samples.ids : [1])) },
    { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 2, arbitrary: fc.integer({ min: -1000, max: 3000 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );

const stringArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99_999_999 }).map(String) },
);

// zod v4 keeps each schema's description in _zod.def.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Def = any;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values shaped by the schema, with the wrong type now and then. */
export function arbitraryFor(schema: z.ZodType, samples: Samples): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, samples);
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

function shapedFor(schema: z.ZodType, samples: Samples): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const fields = Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, arbitraryFor(field, samples)]));
      // Any field may be missing; sometimes a field nobody knows rides along.
      return fc
        .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.dictionary(fc.constantFrom('id', 'owner_id', 'is_active', '__proto__', 'extra'), wrongType, { maxKeys: 2 })))
        .map(([record, extra]) => ({ ...(extra ?? {}), ...record }));
    }
    case 'array':
      return fc.oneof(
        { weight: 5, arbitrary: fc.array(arbitraryFor(def.element, samples), { maxLength: 4 }) },
        // Past the batch limit now and then.
        { weight: 1, arbitrary: fc.array(shapedFor(def.element, samples), { minLength: 490, maxLength: 520 }) },
      );
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => shapedFor(option, samples)));
    case 'optional':
      return fc.option(shapedFor(def.innerType, samples), { nil: undefined });
    case 'nullable':
      return fc.option(shapedFor(def.innerType, samples), { nil: null });
    case 'default':
    case 'catch':
    case 'readonly':
      return shapedFor(def.innerType, samples);
    case 'pipe':
      return shapedFor(def.in, samples);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringArb;
    case 'number':
      // z.coerce.number() fields come from query strings.
      return def.coerce ? fc.oneof(numberArb(samples).map(String), stringArb) : numberArb(samples);
    case 'boolean':
      return fc.boolean();
    default:
      return wrongType;
  }
}
