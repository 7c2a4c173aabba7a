import type { ConnectionState } from './state/activeShiftsSlice';

/**
 * Whether positions may be out of date because the live connection is down: dropped and retrying,
 * or given up after an error. (While first connecting, the snapshot just loaded is current.)
 */
export function isOffline(connection: ConnectionState): boolean {
  return connection.status === 'reconnecting' || (connection.status === 'idle' && connection.lastError !== null);
}

/** The real-time link's state, when it is not simply working. The live region is always there so changes are announced. */
export function ConnectionNotice({ connection }: { connection: ConnectionState }) {
  const { status } = connection;
  const offline = isOffline(connection);
  const text = status === 'connecting' ? 'Conectando...' : status === 'reconnecting' ? 'Reconectando...' : offline ? 'Sin conexión en vivo.' : null;
  return (
    <div className={text ? `flota-connection flota-connection--${offline ? 'reconnecting' : status}` : 'flota-connection'} role="status" aria-live="polite">
      {text && (
        <>
          <strong>{text}</strong>
          {offline && <span> Las posiciones pueden no estar al día.</span>}
        </>
      )}
    </div>
  );
}
