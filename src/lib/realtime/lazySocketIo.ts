/**
 * The default socket factory: a socket that loads socket.io-client (~40 KB) only when a screen
 * first connects (the live map, Despacho, /conductor), so the login page and the other screens
 * never download it. Until the library is there, listeners are kept and calls wait in order; then
 * they are replayed on the real socket.
 */
import type { ClientSocket as RealtimeSocket, RealtimeSocketOptions, SocketFactory } from './socketFactory';

type Listener = (...args: never[]) => void;
type Call = (socket: RealtimeSocket) => void;

class LazySocket implements RealtimeSocket {
  private real: RealtimeSocket | null = null;
  private pending: Call[] = [];
  private loading = false;
  private closed = false;
  private errorListeners: ((error: Error) => void)[] = [];
  readonly io = { on: (event: string, listener: Listener) => this.call((socket) => socket.io.on(event, listener)) };

  constructor(
    private readonly url: string,
    private readonly options: RealtimeSocketOptions,
  ) {}

  /** Before the library loads, a connect() underway counts as active (socket.io's own meaning). */
  get active(): boolean {
    return this.real ? this.real.active : this.loading && !this.closed;
  }

  on(event: string, listener: Listener) {
    if (event === 'connect_error') this.errorListeners.push(listener as (error: Error) => void);
    return this.call((socket) => socket.on(event, listener));
  }
  off(event?: string, listener?: Listener) {
    return this.call((socket) => socket.off(event, listener));
  }
  emit(event: string, ...args: unknown[]) {
    return this.call((socket) => socket.emit(event, ...args));
  }
  connect() {
    this.load();
    return this.call((socket) => socket.connect());
  }
  disconnect() {
    this.closed = true;
    return this.call((socket) => socket.disconnect());
  }

  private call(run: Call): this {
    if (this.real) run(this.real);
    else this.pending.push(run);
    return this;
  }

  private load(): void {
    if (this.loading || this.real) return;
    this.loading = true;
    import(/* webpackChunkName: "socket-io" */ 'socket.io-client').then(
      ({ io }) => {
        // Closed before the library came: no connection at all.
        if (this.closed) return;
        const real = io(this.url, this.options) as unknown as RealtimeSocket;
        this.real = real;
        for (const run of this.pending.splice(0)) run(real);
      },
      (error: unknown) => {
        // The chunk did not load (network down): told like a failed connection; connect() tries again.
        this.loading = false;
        const failure = error instanceof Error ? error : new Error('Error de conexión');
        for (const listener of this.errorListeners) listener(failure);
      },
    );
  }
}

export const lazySocketIo: SocketFactory = (url, options) => new LazySocket(url, options);
