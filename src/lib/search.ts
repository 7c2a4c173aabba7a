/**
 * Loose text matching for the list search boxes: case, accents, spaces, dots and dashes do not
 * count, so "12.345.678-5", "123456785", "perez" and "bc-df 12" find what a user means.
 */
export function compactText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.\-·]/g, '');
}

/** True when the query is blank or appears in one of the texts. */
export function matchesSearch(query: string, texts: (string | null | undefined)[]): boolean {
  const needle = compactText(query);
  if (!needle) return true;
  return texts.some((text) => !!text && compactText(text).includes(needle));
}
