/**
 * The font stacks the Protomaps layers name for Latin text, and the @fontsource/noto-sans files
 * (weight-style) each is made from. The client's style asks for no other (baseMapStyle.test.ts).
 */
export const FONT_STACKS: Record<string, string> = { 'Noto Sans Regular': '400-normal', 'Noto Sans Medium': '500-normal', 'Noto Sans Italic': '400-italic' };
