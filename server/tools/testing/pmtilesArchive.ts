/**
 * Writes a small PMTiles v3 archive for tests (no PMTiles writer exists on npm or in Debian): the
 * 127-byte header, a root directory of every tile, empty metadata, then the tiles. Uncompressed
 * directories; tiles stored as given. Spec: github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md.
 */
import { writeFileSync } from 'node:fs';
import { zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Buffer;
}

const HEADER_BYTES = 127;
const TILE_TYPE = { mvt: 1, png: 2, jpeg: 3, webp: 4 } as const;

function varint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
}

/** A root directory: the entries' count, then tile id deltas, run lengths, lengths and offsets (+1), each as varints. */
function directory(entries: { tileId: number; offset: number; length: number }[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let last = 0;
  for (const entry of entries) {
    varint(entry.tileId - last, out);
    last = entry.tileId;
  }
  for (let i = 0; i < entries.length; i += 1) varint(1, out);
  for (const entry of entries) varint(entry.length, out);
  for (const entry of entries) varint(entry.offset + 1, out);
  return Buffer.from(out);
}

/** The archive's bytes: tiles of one type over the box [west, south, east, north], centred on it. */
export function pmtilesArchive(tiles: ArchiveTile[], { tileType = 'png', bounds }: { tileType?: keyof typeof TILE_TYPE; bounds: [number, number, number, number] }): Buffer {
  const sorted = tiles.map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) })).sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = sorted.map((tile) => {
    const entry = { tileId: tile.tileId, offset, length: tile.data.length };
    offset += tile.data.length;
    return entry;
  });
  const root = directory(entries);
  // Readers fetch the first 16 KiB and expect the root directory in it; more tiles need leaf directories, not written here.
  if (HEADER_BYTES + root.length > 16_384) throw new Error(`${entries.length} tiles make a root directory of ${root.length} bytes: keep it under 16 KiB`);
  const metadata = Buffer.from('{}');
  const tileData = Buffer.concat(sorted.map((tile) => tile.data));
  const zooms = sorted.map((tile) => tile.z);

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leafOffset = metadataOffset + metadata.length;
  const dataOffset = leafOffset;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, leafOffset);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, tileData.length);
  u64(72, entries.length); // addressed tiles
  u64(80, entries.length); // tile entries
  u64(88, entries.length); // tile contents
  header[96] = 1; // clustered: tiles in tile id order
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = TILE_TYPE[tileType];
  header[100] = Math.min(...zooms);
  header[101] = Math.max(...zooms);
  const [west, south, east, north] = bounds;
  const e7 = (at: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, west);
  e7(106, south);
  e7(110, east);
  e7(114, north);
  header[118] = Math.max(...zooms);
  e7(119, (west + east) / 2);
  e7(123, (south + north) / 2);
  return Buffer.concat([header, root, metadata, tileData]);
}

export function writePmtilesArchive(file: string, tiles: ArchiveTile[], options: Parameters<typeof pmtilesArchive>[1]): void {
  writeFileSync(file, pmtilesArchive(tiles, options));
}

/** The XYZ tile holding a point at zoom z (Web Mercator). */
export function tileAt(longitude: number, latitude: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (latitude * Math.PI) / 180;
  return { x: Math.floor(((longitude + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}
