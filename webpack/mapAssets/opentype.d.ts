/** opentype.js 2.0 ships no types: the one call the glyph build makes (its result: glyphs.ts OpentypeFont). */
declare module 'opentype.js' {
  const opentype: { parse(buffer: ArrayBuffer): unknown };
  export default opentype;
}
