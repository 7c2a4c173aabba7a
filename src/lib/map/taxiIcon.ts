/**
 * The taxi marker: a 50x50 image (drawn at 2x for sharp screens) added to the map once, in a live
 * and a grey "without signal" variant. The symbol layer writes the taxi's number on its dark band.
 */
/** What adding the icons needs of a map (MapLibre's, or the jsdom stand-in's). */
export interface IconMap {
  hasImage(id: string): boolean;
  addImage(id: string, image: HTMLImageElement, options: { pixelRatio: number }): void;
}

export const TAXI_ICON = 'flota-taxi';
export const TAXI_ICON_STALE = 'flota-taxi-stale';
/** Carrying a passenger or on the way to one (dispatch). */
export const TAXI_ICON_BUSY = 'flota-taxi-busy';
/** On shift, not taking trips. */
export const TAXI_ICON_OFF = 'flota-taxi-off';
const PIXEL_RATIO = 2;
const SIZE = 50 * PIXEL_RATIO;

function taxiSvg(body: string, band: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 100 100">
  <rect x="4" y="4" width="92" height="92" rx="18" fill="${body}" stroke="${band}" stroke-width="4"/>
  <path d="M24 52 L30 34 Q32 28 38 28 H62 Q68 28 70 34 L76 52 Q80 53 80 58 V62 H20 V58 Q20 53 24 52 Z" fill="${band}"/>
  <path d="M33 49 L37 36 Q38 33 41 33 H59 Q62 33 63 36 L67 49 Z" fill="${body}" opacity="0.85"/>
  <rect x="8" y="68" width="84" height="24" rx="6" fill="${band}"/>
</svg>`;
}

const variants: [id: string, svg: string][] = [
  [TAXI_ICON, taxiSvg('#f5b700', '#0f1f33')],
  [TAXI_ICON_STALE, taxiSvg('#c3cad3', '#5d6b7c')],
  [TAXI_ICON_BUSY, taxiSvg('#f07c4a', '#0f1f33')],
  [TAXI_ICON_OFF, taxiSvg('#a99ad6', '#0f1f33')],
];

function loadImage(svg: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image(SIZE, SIZE);
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('No se pudo dibujar el ícono del taxi'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** Adds both icons to the map (once); resolves when the symbol layer can use them. */
export async function addTaxiIcons(map: IconMap): Promise<void> {
  await Promise.all(
    variants.map(async ([id, svg]) => {
      if (map.hasImage(id)) return;
      const image = await loadImage(svg);
      if (!map.hasImage(id)) map.addImage(id, image, { pixelRatio: PIXEL_RATIO });
    }),
  );
}

/** Where the number sits: on the icon's dark band, in white. */
export const TAXI_NUMBER_OFFSET: [number, number] = [0, 1.2];
