/**
 * The desk sessions' accounts in memory, so a desk request reads no database to learn who is
 * calling: every write that changes what a session depends on (a desk account's role, name,
 * activation, deletion, password reset: deskUsersRepo.ts) calls principalChanged() once its
 * statement has run, and the entry goes. A read that started before a change is never kept (epoch
 * check). Only with the embedded database, where this process is the only writer; with
 * PostgreSQL another process may end a session, so each request reads the account as before.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { loadPrincipal, type RequestUser } from './principalsRepo';
import type { DeskClaims, OwnerClaims } from './tokens';

type Kind = 'owner' | 'desk';
const listeners = new Set<(key: string | null) => void>();
const keyOf = (kind: Kind, id: number) => `${kind}:${id}`;

/** A desk account or owner changed (this process's write, after its statement ran). */
export function principalChanged(kind: Kind, id: number): void {
  for (const listener of listeners) listener(keyOf(kind, id));
}

export interface PrincipalCache {
  /** The account the claims sign in, as loadPrincipal answers it (null: refused). */
  get(claims: OwnerClaims | DeskClaims): Promise<RequestUser | null>;
  close(): void;
}

export function createPrincipalCache(db: Kysely<Database>, options: { enabled: boolean }): PrincipalCache {
  /** By kind and id: the account as read, and the fleet the token named (a desk token's oid). */
  const entries = new Map<string, { user: RequestUser; ownerId: number | null }>();
  let epoch = 0;
  const listener = (key: string | null) => {
    epoch++;
    if (key === null) entries.clear();
    else entries.delete(key);
  };
  if (options.enabled) listeners.add(listener);

  return {
    async get(claims) {
      if (!options.enabled) return loadPrincipal(db, claims);
      const key = keyOf(claims.role, claims.sub);
      const ver = claims.ver ?? 0;
      const ownerId = claims.role === 'desk' ? claims.ownerId : null;
      const cached = entries.get(key);
      if (cached && cached.ownerId === ownerId) return cached.user.tokenVersion === ver ? cached.user : null;
      const started = epoch;
      const user = await loadPrincipal(db, claims);
      // Kept only when it says who the account is now (a token of another version learns nothing of the current one).
      if (user && started === epoch) entries.set(key, { user, ownerId });
      return user;
    },
    close() {
      listeners.delete(listener);
      entries.clear();
    },
  };
}
