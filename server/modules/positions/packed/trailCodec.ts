/**
 * The packed trail's byte format: a run of points (oldest first) as columns of zigzag varint
 * deltas. Why this encoding: consecutive GPS fixes differ by little (a second, a few metres, a
 * few tenths of m/s), so a delta is a small integer and a varint stores it in 1–2 bytes; it needs
 * no library, encodes and decodes in one pass with no allocation beyond the output, and is exact.
 * (Google's polyline format is the same idea for two columns only, in ASCII at 6 bits a byte.)
 *
 * Exactness: every column is stored losslessly. A float column is written as integers at the
 * fewest decimals k (0–9) for which EVERY value v of the run satisfies round(v·10^k)/10^k === v
 * (the decoder's very division); a run with a value that has no such k (a raw double) stores that
 * column as 8-byte floats instead: larger, never wrong. Times are epoch microseconds (timestamptz's
 * own unit), as delta-of-deltas (a steady 1 Hz costs one byte), in milliseconds when every time
 * of the run is a whole millisecond. Nulls: per column none / all / a bitmap.
 */

export interface PackedPoint {
  /** Epoch microseconds, exactly as stored. */
  us: number;
  latitude: number;
  longitude: number;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  battery: number | null;
}

const FORMAT_VERSION = 1;
const MAX_DECIMALS = 9;
const RAW_FLOATS = 255;
const SAFE = 2 ** 51;
const OPTIONAL = ['speed', 'heading', 'accuracy', 'battery'] as const;

class Writer {
  private bytes = new Uint8Array(1024);
  private length = 0;

  private room(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(value: number): void {
    this.room(1);
    this.bytes[this.length++] = value;
  }

  /** Unsigned varint of a non-negative integer below 2^53 (plain arithmetic: no BigInt). */
  varint(value: number): void {
    this.room(8);
    let rest = value;
    while (rest >= 128) {
      this.bytes[this.length++] = (rest % 128) | 128;
      rest = Math.floor(rest / 128);
    }
    this.bytes[this.length++] = rest;
  }

  signed(value: number): void {
    this.varint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  float(value: number): void {
    this.room(8);
    new DataView(this.bytes.buffer).setFloat64(this.length, value, true);
    this.length += 8;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

class Reader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  byte(): number {
    if (this.offset >= this.bytes.length) throw new Error('trail chunk truncated');
    return this.bytes[this.offset++];
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }

  signed(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  float(): number {
    if (this.offset + 8 > this.bytes.length) throw new Error('trail chunk truncated');
    const value = new DataView(this.bytes.buffer, this.bytes.byteOffset).getFloat64(this.offset, true);
    this.offset += 8;
    return value;
  }
}

/** The fewest decimals at which every value comes back identical, or RAW_FLOATS. */
function decimalsFor(values: readonly number[]): number {
  for (let k = 0; k <= MAX_DECIMALS; k += 1) {
    const scale = 10 ** k;
    const fits = values.every((v) => {
      // -0 has no integer form (it would come back as 0): such a run keeps raw floats.
      if (!Number.isFinite(v) || Object.is(v, -0)) return false;
      const n = Math.round(v * scale);
      return Math.abs(n) < SAFE && Object.is(n / scale, v);
    });
    if (fits) return k;
  }
  return RAW_FLOATS;
}

function writeNumbers(out: Writer, values: readonly number[]): void {
  const decimals = decimalsFor(values);
  out.byte(decimals);
  if (decimals === RAW_FLOATS) {
    for (const v of values) out.float(v);
    return;
  }
  const scale = 10 ** decimals;
  let previous = 0;
  for (const v of values) {
    const n = Math.round(v * scale);
    out.signed(n - previous);
    previous = n;
  }
}

function readNumbers(input: Reader, count: number): number[] {
  const decimals = input.byte();
  const values = new Array<number>(count);
  if (decimals === RAW_FLOATS) {
    for (let i = 0; i < count; i += 1) values[i] = input.float();
    return values;
  }
  const scale = 10 ** decimals;
  let n = 0;
  for (let i = 0; i < count; i += 1) {
    n += input.signed();
    values[i] = n / scale;
  }
  return values;
}

const NONE_NULL = 0;
const ALL_NULL = 1;
const SOME_NULL = 2;

function writeOptional(out: Writer, values: readonly (number | null)[]): void {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return out.byte(ALL_NULL);
  if (present.length === values.length) {
    out.byte(NONE_NULL);
  } else {
    out.byte(SOME_NULL);
    for (let i = 0; i < values.length; i += 8) {
      let bits = 0;
      for (let j = 0; j < 8 && i + j < values.length; j += 1) if (values[i + j] !== null) bits |= 1 << j;
      out.byte(bits);
    }
  }
  writeNumbers(out, present);
}

function readOptional(input: Reader, count: number): (number | null)[] {
  const mode = input.byte();
  if (mode === ALL_NULL) return new Array<number | null>(count).fill(null);
  if (mode === NONE_NULL) return readNumbers(input, count);
  const present: boolean[] = [];
  for (let i = 0; i < count; i += 8) {
    const bits = input.byte();
    for (let j = 0; j < 8 && i + j < count; j += 1) present.push((bits & (1 << j)) !== 0);
  }
  const values = readNumbers(input, present.filter(Boolean).length);
  let next = 0;
  return present.map((here) => (here ? values[next++] : null));
}

/** Points oldest first (strictly increasing times) → bytes. */
export function encodeTrail(points: readonly PackedPoint[]): Uint8Array {
  const out = new Writer();
  out.byte(FORMAT_VERSION);
  out.varint(points.length);
  if (points.length === 0) return out.done();
  const inMs = points.every((p) => p.us % 1000 === 0);
  const unit = inMs ? 1000 : 1;
  out.byte(inMs ? 1 : 0);
  out.signed(points[0].us / unit);
  let previousDelta = 0;
  for (let i = 1; i < points.length; i += 1) {
    const delta = (points[i].us - points[i - 1].us) / unit;
    out.signed(delta - previousDelta);
    previousDelta = delta;
  }
  writeNumbers(out, points.map((p) => p.latitude));
  writeNumbers(out, points.map((p) => p.longitude));
  for (const key of OPTIONAL) writeOptional(out, points.map((p) => p[key]));
  return out.done();
}

export function decodeTrail(bytes: Uint8Array): PackedPoint[] {
  const input = new Reader(bytes);
  const version = input.byte();
  if (version !== FORMAT_VERSION) throw new Error(`trail chunk format ${version} unknown`);
  const count = input.varint();
  if (count === 0) return [];
  const unit = input.byte() === 1 ? 1000 : 1;
  const times = new Array<number>(count);
  let time = input.signed();
  let delta = 0;
  times[0] = time * unit;
  for (let i = 1; i < count; i += 1) {
    delta += input.signed();
    time += delta;
    times[i] = time * unit;
  }
  const latitudes = readNumbers(input, count);
  const longitudes = readNumbers(input, count);
  const [speed, heading, accuracy, battery] = OPTIONAL.map(() => readOptional(input, count));
  return times.map((us, i) => ({
    us,
    latitude: latitudes[i],
    longitude: longitudes[i],
    speed: speed[i],
    heading: heading[i],
    accuracy: accuracy[i],
    battery: battery[i],
  }));
}
