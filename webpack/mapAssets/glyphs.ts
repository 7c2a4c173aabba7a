/**
 * MapLibre's glyph ranges (SDF bitmaps in a protobuf, `{fontstack}/{start}-{end}.pbf`) made from a
 * font file, at build time, in plain JavaScript: no glyph set of Noto Sans is published on npm, and
 * fontnik, the usual generator, needs a native build. opentype.js reads the font's outlines; each
 * glyph's signed distance field is measured from its flattened outline, as fontnik does.
 * Format: github.com/mapbox/glyph-pbf-composite/blob/master/proto/glyphs.proto. MapLibre expects
 * glyphs at 24 px with a 3 px buffer, 255 − 255·(d/8 + 0.25) per pixel (d: signed distance in px).
 */
import { PbfWriter } from 'pbf';

/** The few opentype.js calls used here (its 2.0 release ships no types). */
export interface OpentypeFont {
  unitsPerEm: number;
  ascender: number;
  hasChar(char: string): boolean;
  charToGlyph(char: string): { advanceWidth?: number; getPath(x: number, y: number, size: number): { commands: PathCommand[] } };
}
type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

const SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;
const CURVE_STEPS = 8;

interface Glyph {
  id: number;
  bitmap: Uint8Array | null;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

type Segment = [number, number, number, number];

/** The outline as straight segments (y grows downwards, the baseline at 0), curves cut in CURVE_STEPS. */
function segments(commands: PathCommand[]): Segment[] {
  const out: Segment[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  const lineTo = (toX: number, toY: number) => {
    if (toX !== x || toY !== y) out.push([x, y, toX, toY]);
    [x, y] = [toX, toY];
  };
  for (const command of commands) {
    if (command.type === 'M') {
      if (x !== startX || y !== startY) lineTo(startX, startY);
      [x, y, startX, startY] = [command.x, command.y, command.x, command.y];
    } else if (command.type === 'L') lineTo(command.x, command.y);
    else if (command.type === 'Q') {
      const [fromX, fromY] = [x, y];
      for (let step = 1; step <= CURVE_STEPS; step += 1) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        lineTo(u * u * fromX + 2 * u * t * command.x1 + t * t * command.x, u * u * fromY + 2 * u * t * command.y1 + t * t * command.y);
      }
    } else if (command.type === 'C') {
      const [fromX, fromY] = [x, y];
      for (let step = 1; step <= CURVE_STEPS; step += 1) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
        lineTo(a * fromX + b * command.x1 + c * command.x2 + d * command.x, a * fromY + b * command.y1 + c * command.y2 + d * command.y);
      }
    } else lineTo(startX, startY);
  }
  if (x !== startX || y !== startY) lineTo(startX, startY);
  return out;
}

function distanceToSegment(px: number, py: number, [x1, y1, x2, y2]: Segment): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / lengthSquared));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

/** Non-zero winding: the fonts' outlines are drawn with that rule. */
function inside(px: number, py: number, outline: Segment[]): boolean {
  let winding = 0;
  for (const [x1, y1, x2, y2] of outline) {
    if (y1 <= py ? y2 > py : y2 <= py) {
      const crossX = x1 + ((py - y1) / (y2 - y1)) * (x2 - x1);
      if (crossX > px) winding += y2 > y1 ? 1 : -1;
    }
  }
  return winding !== 0;
}

export function glyph(font: OpentypeFont, id: number): Glyph | null {
  const char = String.fromCodePoint(id);
  if (!font.hasChar(char)) return null;
  const shape = font.charToGlyph(char);
  const advance = Math.round(((shape.advanceWidth ?? 0) * SIZE) / font.unitsPerEm);
  const outline = segments(shape.getPath(0, 0, SIZE).commands);
  if (outline.length === 0) return { id, bitmap: null, width: 0, height: 0, left: 0, top: 0, advance };
  const xs = outline.flatMap(([x1, , x2]) => [x1, x2]);
  const ys = outline.flatMap(([, y1, , y2]) => [y1, y2]);
  const left = Math.floor(Math.min(...xs));
  const topY = Math.floor(Math.min(...ys));
  const width = Math.ceil(Math.max(...xs)) - left;
  const height = Math.ceil(Math.max(...ys)) - topY;
  const columns = width + 2 * BUFFER;
  const rows = height + 2 * BUFFER;
  const bitmap = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row += 1) {
    const py = topY - BUFFER + row + 0.5;
    for (let column = 0; column < columns; column += 1) {
      const px = left - BUFFER + column + 0.5;
      let distance = Infinity;
      for (const segment of outline) distance = Math.min(distance, distanceToSegment(px, py, segment));
      const signed = inside(px, py, outline) ? -distance : distance;
      bitmap[row * columns + column] = Math.max(0, Math.min(255, Math.round(255 - 255 * (signed / RADIUS + CUTOFF))));
    }
  }
  // `top` counts from the line's top (the font's ascender), as fontnik writes it.
  const ascender = Math.round((font.ascender * SIZE) / font.unitsPerEm);
  return { id, bitmap, width, height, left, top: -topY - ascender, advance };
}

/** One range's protobuf (`{start}-{start + 255}.pbf`) of the font stack `name`, from the first font that has each character. */
export function glyphRange(name: string, fonts: OpentypeFont[], start: number): Uint8Array {
  const glyphs: Glyph[] = [];
  for (let id = start; id < start + 256; id += 1) {
    const font = fonts.find((candidate) => candidate.hasChar(String.fromCodePoint(id)));
    const made = font ? glyph(font, id) : null;
    if (made) glyphs.push(made);
  }
  const pbf = new PbfWriter();
  pbf.writeMessage(1, () => {
    pbf.writeStringField(1, name);
    pbf.writeStringField(2, `${start}-${start + 255}`);
    for (const made of glyphs) {
      pbf.writeMessage(3, () => {
        pbf.writeVarintField(1, made.id);
        if (made.bitmap) pbf.writeBytesField(2, made.bitmap);
        pbf.writeVarintField(3, made.width);
        pbf.writeVarintField(4, made.height);
        pbf.writeSVarintField(5, made.left);
        pbf.writeSVarintField(6, made.top);
        pbf.writeVarintField(7, made.advance);
      }, undefined);
    }
  }, undefined);
  return pbf.finish();
}
