/**
 * The font stacks the Protomaps layers name for Latin text, and the @fontsource/noto-sans files
 * (weight-style) each is made from. The client's style asks for no other (baseMapStyle.test.ts).
 */
export const FONT_STACKS: Record<string, string> = { 'Noto Sans Regular': '400-normal', 'Noto Sans Medium': '500-normal', 'Noto Sans Italic': '400-italic' };

/**
 * MapLibre's own default stack, asked for by the app's labels that name no font (the taxis' numbers
 * and names, cluster counts): with the vector style's glyphs they come from the build too, drawn
 * in Noto Sans Regular. (With raster tiles the style has no glyphs and MapLibre draws them locally.)
 */
export const DEFAULT_STACK = 'Open Sans Regular,Arial Unicode MS Regular';
export const DEFAULT_STACK_FONT = 'Noto Sans Regular';
