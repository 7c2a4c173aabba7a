/**
 * Reads a file of places for Lugares' import: a CSV (Chilean Excel's `;` with decimal comma, or `,`
 * with decimal point) with a header row, or GeoJSON points. Column and property names in Spanish or
 * English: nombre/name, direccion/address, otros_nombres/alias/aliases (separated by `|`),
 * latitud/lat/latitude, longitud/lon/lng/longitude. The server checks every place again (all or none).
 *
 * A small CSV reader rather than a library: quoted cells and doubled quotes are all a spreadsheet's
 * export of five columns needs, and this screen is the app's only CSV reader.
 */
import type { PlaceRequest } from '../../../../contract/api';

export interface PlacesFile {
  places: PlaceRequest[];
  /** Rows that could not be read, said in Spanish with their line ("Fila 4: falta la latitud"). */
  problems: string[];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');

const COLUMNS: Record<keyof Omit<PlaceRequest, never>, string[]> = {
  name: ['nombre', 'name', 'lugar'],
  address: ['direccion', 'address', 'calle'],
  aliases: ['otros_nombres', 'alias', 'aliases', 'otros'],
  latitude: ['latitud', 'lat', 'latitude'],
  longitude: ['longitud', 'lon', 'lng', 'long', 'longitude'],
};

/** Cells of each line; quoted cells may hold the separator, line breaks and doubled quotes. */
function csvRows(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value.trim()));
}

const number = (text: string | undefined) => {
  const value = Number((text ?? '').trim().replace(',', '.'));
  return (text ?? '').trim() && Number.isFinite(value) ? value : null;
};
const aliasList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value.trim() ? value.split('|').map((alias) => alias.trim()).filter(Boolean) : [];

function readCsv(text: string): PlacesFile {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const [header, ...rows] = csvRows(text.replace(/^\uFEFF/, ''), separator);
  if (!header) return { places: [], problems: ['El archivo está vacío'] };
  const names = header.map(fold);
  const column = (field: keyof typeof COLUMNS) => names.findIndex((name) => COLUMNS[field].includes(name));
  const at = { name: column('name'), address: column('address'), aliases: column('aliases'), latitude: column('latitude'), longitude: column('longitude') };
  if (at.name < 0 || at.latitude < 0 || at.longitude < 0) return { places: [], problems: ['La primera fila debe nombrar las columnas: nombre, latitud y longitud (y, si quieres, direccion y otros_nombres)'] };
  const places: PlaceRequest[] = [];
  const problems: string[] = [];
  rows.forEach((cells, index) => {
    const line = index + 2;
    const latitude = number(cells[at.latitude]);
    const longitude = number(cells[at.longitude]);
    const name = (cells[at.name] ?? '').trim();
    if (!name) problems.push(`Fila ${line}: falta el nombre`);
    else if (latitude === null || longitude === null) problems.push(`Fila ${line}: latitud o longitud inválida`);
    else places.push({ name, address: at.address >= 0 ? (cells[at.address] ?? '').trim() : '', aliases: at.aliases >= 0 ? aliasList(cells[at.aliases]) : [], latitude, longitude });
  });
  return { places, problems };
}

function readGeoJson(text: string): PlacesFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { places: [], problems: ['El archivo no es un GeoJSON válido'] };
  }
  const features = (parsed as { type?: string; features?: unknown[] }).type === 'FeatureCollection' ? ((parsed as { features?: unknown[] }).features ?? []) : [parsed];
  const places: PlaceRequest[] = [];
  const problems: string[] = [];
  features.forEach((raw, index) => {
    const feature = raw as { geometry?: { type?: string; coordinates?: unknown[] }; properties?: Record<string, unknown> | null };
    const properties = Object.fromEntries(Object.entries(feature.properties ?? {}).map(([key, value]) => [fold(key), value]));
    const pick = (field: keyof typeof COLUMNS) => COLUMNS[field].map((key) => properties[key]).find((value) => value !== undefined && value !== null);
    const name = String(pick('name') ?? '').trim();
    const [longitude, latitude] = (feature.geometry?.coordinates ?? []).map(Number);
    if (feature.geometry?.type !== 'Point') problems.push(`Elemento ${index + 1}: solo se importan puntos`);
    else if (!name) problems.push(`Elemento ${index + 1}: falta el nombre (propiedad nombre o name)`);
    else if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) problems.push(`Elemento ${index + 1}: coordenadas inválidas`);
    else places.push({ name, address: String(pick('address') ?? '').trim(), aliases: aliasList(pick('aliases')), latitude, longitude });
  });
  return { places, problems };
}

/** A file's places: GeoJSON when it is JSON (by name or by its first character), CSV otherwise. */
export function readPlacesFile(fileName: string, text: string): PlacesFile {
  const json = /\.(geo)?json$/i.test(fileName) || /^\s*[{[]/.test(text.replace(/^\uFEFF/, ''));
  const result = json ? readGeoJson(text) : readCsv(text);
  return result.places.length || result.problems.length ? result : { places: [], problems: ['El archivo no trae lugares'] };
}
