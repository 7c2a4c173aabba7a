/**
 * The name a scanned file is kept and served under: only the letters, digits, spaces, dots, dashes
 * and underscores of the name it was uploaded with, and the extension of the type read from its
 * content. `licencia.html` holding a PDF is `licencia.pdf`; `factura\u202Efdp.exe` (a right-to-left
 * override that shows as `factura` + `exe.pdf`) is `facturafdp.pdf`; a name with nothing left is
 * `documento-<id>.pdf`. Applied on upload and again when serving, so rows saved before keep no
 * control or bidi character in a saved copy's name.
 */
import type { DocumentFileType } from '../../../contract/documents';

const EXTENSIONS: Record<DocumentFileType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
/** The length of the base name (the extension comes on top): a file manager shows it whole. */
const MAX_BASE_LENGTH = 100;

export function documentFileName(original: string | null, type: DocumentFileType, id: number): string {
  const kept = (original ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  // The sender's extension goes (the content decided the type), a type's extension under it too
  // (`scan.pdf.html`), and so do dots a name may start or end with.
  const base = kept
    .replace(/\.[^.]*$/, '')
    .replace(/\.(pdf|jpe?g|png)$/i, '')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .trim();
  return `${base || `documento-${id}`}.${EXTENSIONS[type]}`;
}

/** Content-Disposition for that name: an ASCII fallback and the UTF-8 name (RFC 6266). Nothing in it needs quoting. */
export function contentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
