/**
 * What Redux DevTools shows is sanitized: the session tokens (the desk's, a driver's) and any password typed into a form are
 * masked, in the state and in the actions (the app keeps the real values; only the copy sent to
 * the extension changes). Pure functions: they copy what they change.
 */
export const MASK = '***';

type Dict = Record<string, unknown>;

const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `value` with the named string fields masked (or `value` itself when it has none). */
function maskFields<T>(value: T, fields: readonly string[]): T {
  if (!isDict(value) || !fields.some((field) => typeof value[field] === 'string')) return value;
  const copy: Dict = { ...value };
  fields.forEach((field) => {
    if (typeof copy[field] === 'string') copy[field] = MASK;
  });
  return copy as T;
}

/** A copy of `value` with `key` replaced by change(value[key]), when that is different. */
function updateKey<T>(value: T, key: string, change: (inner: unknown) => unknown): T {
  if (!isDict(value) || !(key in value)) return value;
  const next = change(value[key]);
  return next === value[key] ? value : ({ ...value, [key]: next } as T);
}

/** A request's arguments (login, driver forms) with the password masked. */
const maskArgs = (args: unknown) => maskFields(args, ['password']);

/** An RTK Query mutation entry: the password it sent and the token it got back (login). */
function maskMutation(entry: unknown): unknown {
  const withArgs = updateKey(entry, 'originalArgs', maskArgs);
  return updateKey(withArgs, 'data', (data) => maskFields(data, ['token']));
}

function maskEach(entries: unknown): unknown {
  if (!isDict(entries)) return entries;
  let changed = false;
  const copy: Dict = {};
  for (const [key, entry] of Object.entries(entries)) {
    copy[key] = maskMutation(entry);
    changed ||= copy[key] !== entry;
  }
  return changed ? copy : entries;
}

export function sanitizeState<S>(state: S): S {
  const withDesk = updateKey(state, 'auth', (auth) => maskFields(auth, ['token']));
  // The driver's phone (/conductor): its own session.
  const withAuth = updateKey(withDesk, 'conductor', (conductor) => updateKey(conductor, 'session', (session) => maskFields(session, ['token'])));
  return updateKey(withAuth, 'api', (api) => updateKey(api, 'mutations', maskEach));
}

export function sanitizeAction<A>(action: A): A {
  // The login answer ({token, user}) and anything else that carries a token in its payload.
  const withPayload = updateKey(action, 'payload', (payload) => maskFields(payload, ['token']));
  // RTK Query's pending/fulfilled/rejected actions repeat the request's arguments in meta.arg.
  return updateKey(withPayload, 'meta', (meta) => updateKey(meta, 'arg', (arg) => updateKey(arg, 'originalArgs', maskArgs)));
}
