/**
 * The options an intranet gives Flota: an object to Flota.mount(), or attributes of <flota-app>.
 * Checked here, without side effects: a value of the wrong kind is dropped with a reason (the
 * embed warns in the console) and the default applies, so a typo never breaks the host page.
 */
import { isRouterKind, ROUTER_KINDS, type RuntimeConfig } from './config';

export type FlotaOptions = Partial<RuntimeConfig>;

export interface ParsedOptions {
  options: FlotaOptions;
  problems: string[];
}

/** An embedded app routes in the URL's hash unless told otherwise: it cannot count on the host's server to answer its paths. */
export const EMBED_DEFAULTS: FlotaOptions = { router: 'hash' };

const TEXT_OPTIONS = ['apiBaseUrl', 'socketUrl', 'socketPath', 'tileUrl', 'tileAttribution', 'basePath', 'storagePrefix'] as const;

/** <flota-app> attribute → option. */
export const ATTRIBUTE_OPTIONS = {
  'api-base-url': 'apiBaseUrl',
  'socket-url': 'socketUrl',
  'socket-path': 'socketPath',
  'tile-url': 'tileUrl',
  'tile-attribution': 'tileAttribution',
  'base-path': 'basePath',
  router: 'router',
  'storage-prefix': 'storagePrefix',
  devtools: 'devTools',
  'document-title': 'documentTitle',
  'stale-after-seconds': 'staleAfterSeconds',
} as const satisfies Record<string, keyof RuntimeConfig>;

export const OBSERVED_ATTRIBUTES = Object.keys(ATTRIBUTE_OPTIONS);

/** Flota.mount()'s options, checked. */
export function parseMountOptions(input: unknown): ParsedOptions {
  const options: FlotaOptions = { ...EMBED_DEFAULTS };
  const problems: string[] = [];
  if (input === undefined || input === null) return { options, problems };
  if (typeof input !== 'object') return { options, problems: ['options must be an object'] };
  const given = input as Record<string, unknown>;

  for (const key of TEXT_OPTIONS) {
    const value = given[key];
    if (value === undefined) continue;
    if (typeof value === 'string') options[key] = value;
    else problems.push(`${key} must be a string`);
  }
  if (given.router !== undefined) {
    if (isRouterKind(given.router)) options.router = given.router;
    else problems.push(`router must be one of ${ROUTER_KINDS.join(', ')} (using ${EMBED_DEFAULTS.router})`);
  }
  if (given.devTools !== undefined) {
    if (typeof given.devTools === 'boolean') options.devTools = given.devTools;
    else problems.push('devTools must be true or false');
  }
  if (given.documentTitle !== undefined) {
    if (typeof given.documentTitle === 'boolean') options.documentTitle = given.documentTitle;
    else problems.push('documentTitle must be true or false');
  }
  if (given.staleAfterSeconds !== undefined) {
    const seconds = given.staleAfterSeconds;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) options.staleAfterSeconds = seconds;
    else problems.push('staleAfterSeconds must be a positive number');
  }
  const known = new Set<string>([...TEXT_OPTIONS, 'router', 'devTools', 'documentTitle', 'staleAfterSeconds']);
  Object.keys(given)
    .filter((key) => !known.has(key))
    .forEach((key) => problems.push(`unknown option: ${key}`));
  return { options, problems };
}

const ON = ['on', 'true', ''];
const OFF = ['off', 'false'];

/** <flota-app>'s attributes (read through `getAttribute`), checked like mount options. */
export function parseAttributes(getAttribute: (name: string) => string | null): ParsedOptions {
  const raw: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [attribute, key] of Object.entries(ATTRIBUTE_OPTIONS)) {
    const value = getAttribute(attribute);
    if (value === null) continue;
    if (key === 'devTools' || key === 'documentTitle') {
      const word = value.trim().toLowerCase();
      if (ON.includes(word)) raw[key] = true;
      else if (OFF.includes(word)) raw[key] = false;
      else problems.push(`${attribute} must be on or off`);
    } else if (key === 'staleAfterSeconds') {
      raw.staleAfterSeconds = Number(value);
    } else {
      raw[key] = value;
    }
  }
  const parsed = parseMountOptions(raw);
  return { options: parsed.options, problems: [...problems, ...parsed.problems] };
}
