/**
 * Names, titles and references are one line of plain text. A control character in one is never
 * what a person meant, and it can forge a line where the text is written out: `Ana\r\nBcc: x@y.cl`
 * becomes a line of its own in an alert e-mail's body, a right-to-left override (U+202E) turns
 * `factura\u202Efdp.exe` into `factura` + `exe.pdf` on screen.
 *
 * Refused (one refinement, `singleLine`, on every such field the contract declares): C0 (tab, CR,
 * LF, …), DEL, C1, the line and paragraph separators (U+2028, U+2029) and the bidirectional
 * embeddings, overrides, isolates and marks. Free text that may hold lines (notes) is not a name.
 *
 * Rows saved before the refinement may still hold them: e-mails, CSV and xlsx cells and printed
 * pages show them through `visibleControls`, which draws them instead of obeying them.
 */
import { z } from 'zod';
import './zodConfig';

const CONTROL_CLASS = '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const ONE_CONTROL = new RegExp(`[${CONTROL_CLASS}]`, 'u');
const EVERY_CONTROL = new RegExp(`[${CONTROL_CLASS}]`, 'gu');

export const PlainTextMessages = {
  controlCharacters: 'No puede tener saltos de línea, tabulaciones ni caracteres de control',
} as const;

export function hasControlCharacters(text: string): boolean {
  return ONE_CONTROL.test(text);
}

/** The one refinement: a text field refusing control characters with the Spanish message. */
export function singleLine<T extends z.ZodString>(field: T): T {
  return field.refine((text) => !hasControlCharacters(text), PlainTextMessages.controlCharacters) as T;
}

/** Optional one-line text: blank or missing becomes null (as fields.ts's optionalText), control characters refused. */
export const optionalLine = (max: number, message: string) =>
  singleLine(z.string().trim().max(max, message))
    .nullish()
    .transform((value) => (value ? value : null));

/** U+2400 onwards draws C0 as symbols (␍ ␊ ␉); U+2421 is DEL's. */
const CONTROL_PICTURES = 0x2400;
const DEL_PICTURE = '\u2421';

/**
 * The text with each control character drawn instead of obeyed: C0 as its control picture
 * (`Ana␍␊Bcc: x@y.cl`, one line), DEL as ␡, the others (C1, separators, bidi) by their code point,
 * `[U+202E]` (not U+FFFD: the .xlsx writer drops that one, and the mark would vanish with it).
 */
export function visibleControls(text: string): string {
  if (!ONE_CONTROL.test(text)) return text;
  return text.replace(EVERY_CONTROL, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(CONTROL_PICTURES + code);
    if (code === 0x7f) return DEL_PICTURE;
    return `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`;
  });
}
