/**
 * An .xlsx read back as a spreadsheet would: its first sheet's cells (type, style, formula, raw
 * value) with shared strings resolved, and its styles' XML (number formats). For tests of the
 * exports (Reportes, Cuentas): pesos and counts are number cells, days are date cells, texts are text.
 */
import { strFromU8, unzipSync } from 'fflate';

export interface ReadCell {
  ref: string;
  type: string | null;
  style: string | null;
  formula: boolean;
  raw: string;
}

/** Unzips the workbook and reads its first sheet's cells, with shared strings resolved. */
export async function readBack(blob: Blob) {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
  const shared = files['xl/sharedStrings.xml'] ? [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si>(?:<t[^>]*>([\s\S]*?)<\/t>)<\/si>/g)].map((m) => m[1]) : [];
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const cells: ReadCell[] = [...sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => {
    const attrs = m[2];
    const inner = m[3] ?? '';
    return {
      ref: m[1],
      type: attrs.match(/ t="(\w+)"/)?.[1] ?? null,
      style: attrs.match(/ s="(\d+)"/)?.[1] ?? null,
      formula: /<f[ >]/.test(inner),
      raw: decode(inner.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? inner.match(/<t[^>]*>([\s\S]*?)<\/t>/)?.[1] ?? ''),
    };
  });
  const value = (ref: string) => {
    const cell = cells.find((c) => c.ref === ref);
    if (!cell) return undefined;
    if (cell.type === 's') return { kind: 'text', value: decode(shared[Number(cell.raw)]) };
    if (cell.type === 'inlineStr' || cell.type === 'str') return { kind: 'text', value: cell.raw };
    return { kind: 'number', value: Number(cell.raw) };
  };
  const styles = strFromU8(files['xl/styles.xml']);
  return { cells, value, styles };
}
