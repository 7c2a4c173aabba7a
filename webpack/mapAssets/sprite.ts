/**
 * A minimal sprite for the Protomaps basemap layers (@protomaps/basemaps), drawn at build time:
 * the three icons they ask for by fixed name (a town's dot, a capital's, a one-way arrow). Protomaps
 * publishes its full sprites outside npm; the POI and road-shield icons are left out, so MapLibre
 * draws those labels without an icon. Shapes are signed distances, filled with a 1 px soft edge.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
/** Coverage 0..1 of the point (x, y), measured in 1x pixels from the icon's centre. */
type Shape = (x: number, y: number) => { colour: Rgba; coverage: number }[];

interface Icon {
  name: string;
  size: number;
  shape: Shape;
}

const DARK: Rgba = [87, 87, 87, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const clamp = (value: number) => Math.max(0, Math.min(1, value));
/** Coverage of a disc of radius r at distance d from its centre (1 px soft edge). */
const disc = (d: number, r: number) => clamp(r - d + 0.5);

const ICONS: Icon[] = [
  { name: 'townspot', size: 10, shape: (x, y) => [{ colour: WHITE, coverage: disc(Math.hypot(x, y), 4) }, { colour: DARK, coverage: disc(Math.hypot(x, y), 2.6) }] },
  {
    name: 'capital',
    size: 14,
    shape: (x, y) => [
      { colour: WHITE, coverage: disc(Math.hypot(x, y), 6) },
      { colour: DARK, coverage: disc(Math.hypot(x, y), 4.6) },
      { colour: WHITE, coverage: disc(Math.hypot(x, y), 2.2) },
    ],
  },
  {
    // Points up; the style turns it along the road (icon-rotate 90).
    name: 'arrow',
    size: 10,
    shape: (x, y) => [{ colour: [120, 120, 120, 255], coverage: clamp(Math.min(3.5 - y, ((y + 3.5) * 3) / 7 - Math.abs(x)) + 0.5) }],
  },
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function rgbaPng(width: number, height: number, pixels: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let row = 0; row < height; row += 1) Buffer.from(pixels.buffer, row * width * 4, width * 4).copy(raw, row * (width * 4 + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The sprite at one pixel ratio: its index (sprite.json) and its image (sprite.png), icons side by side. */
export function sprite(pixelRatio: 1 | 2): { json: string; png: Buffer } {
  const width = ICONS.reduce((sum, icon) => sum + icon.size * pixelRatio, 0);
  const height = Math.max(...ICONS.map((icon) => icon.size * pixelRatio));
  const pixels = new Uint8Array(width * height * 4);
  const index: Record<string, { x: number; y: number; width: number; height: number; pixelRatio: number }> = {};
  let left = 0;
  for (const icon of ICONS) {
    const size = icon.size * pixelRatio;
    index[icon.name] = { x: left, y: 0, width: size, height: size, pixelRatio };
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        // The pixel's centre in 1x units from the icon's centre.
        const x = (column + 0.5) / pixelRatio - icon.size / 2;
        const y = (row + 0.5) / pixelRatio - icon.size / 2;
        const at = (row * width + left + column) * 4;
        for (const { colour, coverage } of icon.shape(x, y)) {
          if (coverage <= 0) continue;
          // "Over" compositing of an opaque colour at this coverage.
          const alpha = pixels[at + 3] / 255;
          const outAlpha = coverage + alpha * (1 - coverage);
          for (let channel = 0; channel < 3; channel += 1) pixels[at + channel] = Math.round((colour[channel] * coverage + pixels[at + channel] * alpha * (1 - coverage)) / outAlpha);
          pixels[at + 3] = Math.round(outAlpha * 255);
        }
      }
    }
    left += size;
  }
  return { json: JSON.stringify(index), png: rgbaPng(width, height, pixels) };
}
