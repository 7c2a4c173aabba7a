import type { ConnectionStatus } from './realtimeActions';

const texts: Partial<Record<ConnectionStatus, string>> = {
  connecting: 'Conectando...',
  reconnecting: 'Reconectando...',
};

/** The real-time link's state, when it is not simply working. The live region is always there so changes are announced. */
export function ConnectionNotice({ status }: { status: ConnectionStatus }) {
  const text = texts[status];
  return (
    <div className={text ? `flota-connection flota-connection--${status}` : 'flota-connection'} role="status" aria-live="polite">
      {text && (
        <>
          <strong>{text}</strong>
          {status === 'reconnecting' && <span> Las posiciones pueden no estar al día.</span>}
        </>
      )}
    </div>
  );
}
