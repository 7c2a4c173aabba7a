/**
 * Facts between modules (docs/architecture.md, "Facts travel as typed domain events"). A module
 * declares the events it emits in its `events.ts`, adding each to `DomainEvents` by declaration
 * merging (`declare module '../../platform/domainEvents'`), and emits them through this bus; a module
 * above hears one with a named handler file declared in its `module.ts` (`handlers:`). The platform
 * knows no event by name.
 *
 * Two times to hear a fact:
 * - `after`: once the producer committed; each handler runs on its own, and one that throws or
 *   rejects is logged without stopping the others or the producer (the old hooks' behaviour);
 * - `inside`: in the producer's transaction, in turn; a handler that throws rolls the producer's
 *   whole decision back, so what it writes commits with the fact or not at all (a trip's charge).
 *   It may leave work for after the commit (`later`), such as telling a socket.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from './db/schema';

/** Every event's name and payload, filled by the modules' events.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}
export type DomainEventName = keyof DomainEvents;

export type AfterHandler<E extends DomainEventName> = (payload: DomainEvents[E]) => void | Promise<void>;
/** `later(work)`: work to run once the producer's transaction committed (never if it rolls back). */
export type InsideHandler<E extends DomainEventName> = (payload: DomainEvents[E], trx: Transaction<Database>, later: (work: () => void) => void) => Promise<void>;

export interface DomainEventBus {
  /** A fact already committed (or with no transaction): the `after` handlers. */
  tell<E extends DomainEventName>(name: E, payload: DomainEvents[E]): void;
  /**
   * Inside the producer's transaction: the `inside` handlers, in turn. Resolves with what to call
   * once the transaction committed: the `after` handlers and the work the inside ones left for then.
   */
  within<E extends DomainEventName>(trx: Transaction<Database>, name: E, payload: DomainEvents[E]): Promise<() => void>;
  onAfter<E extends DomainEventName>(name: E, handler: AfterHandler<E>): void;
  onInside<E extends DomainEventName>(name: E, handler: InsideHandler<E>): void;
  /** Whether anything hears this event inside a transaction (a producer may skip building its payload). */
  heardInside(name: DomainEventName): boolean;
}

export function createDomainEventBus(log: FastifyBaseLogger): DomainEventBus {
  const after = new Map<DomainEventName, AfterHandler<never>[]>();
  const inside = new Map<DomainEventName, InsideHandler<never>[]>();
  const failed = (name: DomainEventName) => (error: unknown) => log.error({ err: error, event: name }, 'Un módulo no pudo atender un hecho de otro');

  function tell<E extends DomainEventName>(name: E, payload: DomainEvents[E]): void {
    const handlers = after.get(name) as AfterHandler<E>[] | undefined;
    if (!handlers) return;
    // A plain loop: positionAccepted comes with every request of every phone.
    for (const handler of handlers) {
      try {
        const done = handler(payload);
        if (done) done.catch(failed(name));
      } catch (error) {
        failed(name)(error);
      }
    }
  }

  return {
    tell,
    async within(trx, name, payload) {
      const left: (() => void)[] = [];
      for (const handler of (inside.get(name) ?? []) as InsideHandler<typeof name>[]) await handler(payload, trx, (work) => left.push(work));
      return () => {
        for (const work of left) {
          try {
            work();
          } catch (error) {
            failed(name)(error);
          }
        }
        tell(name, payload);
      };
    },
    onAfter(name, handler) {
      after.set(name, [...(after.get(name) ?? []), handler as AfterHandler<never>]);
    },
    onInside(name, handler) {
      inside.set(name, [...(inside.get(name) ?? []), handler as InsideHandler<never>]);
    },
    heardInside: (name) => (inside.get(name)?.length ?? 0) > 0,
  };
}
