/**
 * Lower case, no accents, single spaces: "Ortíz  de Rozas" and "ortiz de rozas" are one address.
 * The server folds the pickup suggestions it sends, the desk the ones it has in hand, the same way.
 */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
