/**
 * A scanned file's type, from its first bytes (a name or a Content-Type header is the sender's claim,
 * not the file). Three signatures, so no library: PDF starts "%PDF-", JPEG FF D8 FF, PNG its 8-byte
 * signature (ISO 32000, JFIF/EXIF, RFC 2083).
 */
import type { DocumentFileType } from '../../../contract/documents';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];

function startsWith(data: Uint8Array, signature: readonly number[]): boolean {
  return data.length >= signature.length && signature.every((byte, i) => data[i] === byte);
}

export function sniffFileType(data: Uint8Array): DocumentFileType | null {
  if (startsWith(data, PDF)) return 'application/pdf';
  if (startsWith(data, JPEG)) return 'image/jpeg';
  if (startsWith(data, PNG)) return 'image/png';
  return null;
}
