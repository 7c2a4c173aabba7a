/**
 * Socket events patch RTK Query cache entries (updateQueryData). A patch does nothing to an entry
 * still loading, and an answer the server read before the event replaces whatever the event patched:
 * the desk showed "esperando respuesta" after the driver had accepted (issue 45). So a channel keeps
 * each event for every request of the endpoints it patches that is on its way, and when that request
 * answers, the entry gets the events again (`replay`: patches that may be applied twice, such as a
 * booking with its updated_at) or is read once more (`refetch`: patches that count, such as the open
 * alerts). An entry read before the socket first joined its rooms may lack what happened until then
 * (those events went nowhere): it is read again once joined, or after its answer if still on its way.
 */
import type { UnknownAction } from '@reduxjs/toolkit';

/** What RTK Query puts in a query request's actions (pending, fulfilled, rejected). */
interface QueryRequestMeta {
  requestId: string;
  requestStatus: 'pending' | 'fulfilled' | 'rejected';
  arg: { type: string; endpointName: string; originalArgs: unknown };
}

/** The cache as the state holds it (reducerPath 'api', src/app/api.ts). */
interface CacheState {
  api: { queries: Record<string, { endpointName?: string; originalArgs?: unknown; status: string; requestId?: string; startedTimeStamp?: number } | undefined> };
}

export interface FollowedQueries<E> {
  /** A server event: patched into what is cached now, and kept for the requests on their way. */
  heard(event: E): void;
  /** Every store action (ChannelHandlers.onAction). */
  saw(action: UnknownAction): void;
  /** The socket is in its rooms for the first time (ChannelHandlers.onJoined). */
  joined(): void;
  /** The socket closed: nothing heard is kept, and the next socket must join again. */
  clear(): void;
}

export interface FollowedQueriesOptions<E> {
  /** The endpoints whose entries the events patch. */
  endpoints: readonly string[];
  /** Writes one event into every cached entry it concerns (updateQueryData). */
  patch(event: E): void;
  /** What an answer that left before some events gets: those events again, or a second reading. */
  afterAnswer: 'replay' | 'refetch';
  /** Reads one entry again (the endpoint's initiate with forceRefetch, unsubscribed). */
  refetch(endpointName: string, args: unknown): void;
  getState(): unknown;
  now?: () => number;
}

export function followQueries<E>({ endpoints, patch, afterAnswer, refetch, getState, now = Date.now }: FollowedQueriesOptions<E>): FollowedQueries<E> {
  /** Requests on their way, by RTK's requestId: the events heard since each left, and whether it left before the socket joined. */
  const onTheirWay = new Map<string, { endpointName: string; args: unknown; events: E[]; beforeJoin: boolean }>();
  let joinedAt: number | null = null;

  return {
    heard(event) {
      patch(event);
      for (const request of onTheirWay.values()) request.events.push(event);
    },
    saw(action) {
      // The cache was emptied (signed out, unmounted): nothing on its way matters any more.
      if (action.type === 'api/resetApiState') return onTheirWay.clear();
      const meta = (action as { meta?: QueryRequestMeta }).meta;
      if (meta?.arg?.type !== 'query' || !endpoints.includes(meta.arg.endpointName)) return;
      if (meta.requestStatus === 'pending') {
        onTheirWay.set(meta.requestId, { endpointName: meta.arg.endpointName, args: meta.arg.originalArgs, events: [], beforeJoin: false });
        return;
      }
      const request = onTheirWay.get(meta.requestId);
      onTheirWay.delete(meta.requestId);
      if (!request || meta.requestStatus !== 'fulfilled') return;
      if (request.beforeJoin || (request.events.length && afterAnswer === 'refetch')) refetch(request.endpointName, request.args);
      else request.events.forEach(patch);
    },
    joined() {
      if (joinedAt !== null) return;
      joinedAt = now();
      const { queries } = (getState() as CacheState).api;
      for (const entry of Object.values(queries)) {
        if (!entry?.endpointName || !endpoints.includes(entry.endpointName)) continue;
        if (entry.status === 'pending' && entry.requestId) {
          // On its way: read again once it answers (it may have been read before this moment).
          const request = onTheirWay.get(entry.requestId);
          if (request) request.beforeJoin = true;
          else onTheirWay.set(entry.requestId, { endpointName: entry.endpointName, args: entry.originalArgs, events: [], beforeJoin: true });
        } else if (entry.status === 'fulfilled' && (entry.startedTimeStamp ?? 0) <= joinedAt) refetch(entry.endpointName, entry.originalArgs);
      }
    },
    clear() {
      onTheirWay.clear();
      joinedAt = null;
    },
  };
}
