/**
 * A stand-in for socket.io's client socket: the tests play the server (serverEmit, simulateDrop,
 * simulateReconnect) and read what the client sent (emitted) and how it connected (url, options).
 */
import type { ClientSocket, RealtimeSocketOptions, SocketFactory } from '../lib/realtime/socketFactory';

type Listener = (...args: never[]) => void;

class Listeners {
  private byEvent = new Map<string, Set<Listener>>();
  on(event: string, listener: Listener) {
    if (!this.byEvent.has(event)) this.byEvent.set(event, new Set());
    this.byEvent.get(event)?.add(listener);
  }
  off(event?: string, listener?: Listener) {
    if (event === undefined) this.byEvent.clear();
    else if (listener === undefined) this.byEvent.delete(event);
    else this.byEvent.get(event)?.delete(listener);
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.byEvent.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }
  count() {
    let total = 0;
    this.byEvent.forEach((set) => (total += set.size));
    return total;
  }
}

export class FakeSocket implements ClientSocket {
  readonly emitted: { event: string; args: unknown[] }[] = [];
  connected = false;
  active = false;
  connectCalls = 0;
  disconnectCalls = 0;
  private listeners = new Listeners();
  private managerListeners = new Listeners();
  readonly io = {
    on: (event: string, listener: Listener) => this.managerListeners.on(event, listener),
    off: (event?: string, listener?: Listener) => this.managerListeners.off(event, listener),
  };

  constructor(
    readonly url: string,
    readonly options: RealtimeSocketOptions,
  ) {}

  on(event: string, listener: Listener) {
    this.listeners.on(event, listener);
    return this;
  }
  off(event?: string, listener?: Listener) {
    this.listeners.off(event, listener);
    return this;
  }
  /**
   * What the client sent; an acknowledgement callback is kept apart. join_owner_room is answered at
   * once with {ok: true}, as the server answers the token's own id, unless `holdJoins` (the test
   * answers with `acknowledgeJoins`).
   */
  emit(event: string, ...args: unknown[]) {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : null;
    this.emitted.push({ event, args });
    if (ack && event === 'join_owner_room') {
      if (this.holdJoins) this.heldJoins.push(ack);
      else ack({ ok: true });
    }
    return this;
  }
  /** join_owner_room waits for acknowledgeJoins (the server has not put the socket in its room yet). */
  holdJoins = false;
  private heldJoins: ((answer: unknown) => void)[] = [];
  acknowledgeJoins(answer: unknown = { ok: true }) {
    for (const ack of this.heldJoins.splice(0)) ack(answer);
  }
  /** Starts connecting; the test decides when the server accepts (simulateConnect). */
  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.disconnectCalls += 1;
    const wasConnected = this.connected;
    this.connected = false;
    this.active = false;
    if (wasConnected) this.listeners.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** How many listeners the client still has on this socket (0 once it let go). */
  get listenerCount() {
    return this.listeners.count();
  }
  /** The events the client sent under this name, with their arguments. */
  sent(event: string) {
    return this.emitted.filter((entry) => entry.event === event).map((entry) => entry.args);
  }

  // ── The server's side ──
  simulateConnect() {
    this.connected = true;
    this.listeners.fire('connect');
  }
  serverEmit(event: string, payload: unknown) {
    if (this.connected) this.listeners.fire(event, payload);
  }
  /** The network drops; socket.io keeps trying. */
  simulateDrop(reason = 'transport close') {
    this.connected = false;
    this.listeners.fire('disconnect', reason);
  }
  simulateReconnect() {
    this.managerListeners.fire('reconnect', 1);
    this.simulateConnect();
  }
  /** The handshake fails; a refused token is not retried by socket.io. */
  simulateConnectError(message: string, { retry = true } = {}) {
    this.active = retry;
    this.listeners.fire('connect_error', new Error(message));
  }
}

/** A socket factory that remembers every socket it made (the last one is the live one). */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const createSocket: SocketFactory = (url, options) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  };
  return {
    createSocket,
    sockets,
    get last(): FakeSocket {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('No socket was created');
      return socket;
    },
  };
}
