/** The snapshot of active shifts could not be loaded: say so, in place, with a way to try again. */
export function MapLoadError({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <div className="flota-map-load-error" role="alert">
      <span>No se pudo cargar los conductores activos. Las posiciones del mapa pueden no estar al día.</span>
      <button type="button" className="flota-button flota-button--secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Reintentando...' : 'Reintentar'}
      </button>
    </div>
  );
}
