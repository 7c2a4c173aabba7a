/**
 * The vector base map's glyphs and sprite, made once into .map-assets/map/ and copied by both builds
 * (dist/map/, dist/embed/map/): an intranet's vector archive (TILES_PMTILES) is drawn with nothing
 * fetched from outside. Font: Noto Sans (@fontsource/noto-sans, SIL Open Font License 1.1), the
 * family the Protomaps layers name. Remade only when this code or the font package changes.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import opentype from 'opentype.js';
import { DEFAULT_STACK, DEFAULT_STACK_FONT, FONT_STACKS } from './fontStacks';
import { glyphRange, type OpentypeFont } from './glyphs';
import { sprite } from './sprite';

/** Basic Latin with Latin-1 (Spanish), Latin Extended-A/B, and general punctuation (– “ ” …). */
const RANGES = [0, 256, 8192];

const fontFile = (subset: string, variant: string) => require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${variant}.woff`);

function parse(file: string): OpentypeFont {
  const bytes = readFileSync(file);
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) as OpentypeFont;
}

function inputsKey(): string {
  const hash = createHash('sha256');
  for (const file of ['fontStacks.ts', 'glyphs.ts', 'sprite.ts', 'index.ts']) hash.update(readFileSync(path.join(__dirname, file)));
  hash.update(readFileSync(require.resolve('@fontsource/noto-sans/package.json')));
  return hash.digest('hex');
}

/** Writes `root`/map/fonts/{stack}/{range}.pbf and `root`/map/sprite{,@2x}.{json,png}; returns `root`. */
export function buildMapAssets(root: string): string {
  const key = inputsKey();
  const stamp = path.join(root, 'key');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) return root;
  rmSync(root, { recursive: true, force: true });
  const map = path.join(root, 'map');
  for (const [stack, variant] of Object.entries(FONT_STACKS)) {
    const fonts = [parse(fontFile('latin', variant)), parse(fontFile('latin-ext', variant))];
    const folder = path.join(map, 'fonts', stack);
    mkdirSync(folder, { recursive: true });
    for (const start of RANGES) writeFileSync(path.join(folder, `${start}-${start + 255}.pbf`), glyphRange(stack, fonts, start));
  }
  cpSync(path.join(map, 'fonts', DEFAULT_STACK_FONT), path.join(map, 'fonts', DEFAULT_STACK), { recursive: true });
  for (const ratio of [1, 2] as const) {
    const made = sprite(ratio);
    const name = ratio === 1 ? 'sprite' : 'sprite@2x';
    writeFileSync(path.join(map, `${name}.json`), made.json);
    writeFileSync(path.join(map, `${name}.png`), made.png);
  }
  writeFileSync(stamp, key);
  return root;
}
