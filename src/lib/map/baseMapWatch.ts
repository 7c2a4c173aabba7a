/**
 * Whether a map's base map (its tiles) ever came: an intranet that cannot reach the tile server, a
 * tile outage or a missing PMTiles archive otherwise leaves a silent grey field. Shared by MapLibre
 * (MapShell) and Leaflet (the passenger's page), so it knows neither: the map reports what happened.
 *
 * "Failed" means no tile has loaded yet and either a tile (or the archive) failed, or tiles were
 * wanted for a while without any arriving (a firewall that drops requests answers nothing). Once one
 * tile has loaded the base map works: tiles missing at the edge of a regional extract are not a failure.
 */
export const BASE_MAP_WAIT_MS = 20_000;

export interface BaseMapWatch {
  /** Tiles are wanted (the source is ready): the wait for the first one starts, once. */
  wanted(): void;
  loaded(): void;
  failed(): void;
  stop(): void;
}

export interface BaseMapWatchOptions {
  /** Called with true when the base map is known to have failed, with false when a tile then arrives. */
  onChange(failed: boolean): void;
  /** Whether the tiles are shown at all now (the replay hides them while its trail downloads): the wait starts again if not. */
  isShown?: () => boolean;
  waitMs?: number;
}

export function watchBaseMap({ onChange, isShown = () => true, waitMs = BASE_MAP_WAIT_MS }: BaseMapWatchOptions): BaseMapWatch {
  let loadedOnce = false;
  let failed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const setFailed = (value: boolean) => {
    if (failed === value) return;
    failed = value;
    onChange(value);
  };
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const arm = () => {
    timer = setTimeout(() => {
      timer = null;
      if (loadedOnce) return;
      if (isShown()) setFailed(true);
      else arm();
    }, waitMs);
  };
  return {
    wanted() {
      if (!loadedOnce && !failed && timer === null) arm();
    },
    loaded() {
      loadedOnce = true;
      clear();
      setFailed(false);
    },
    failed() {
      if (loadedOnce) return;
      clear();
      setFailed(true);
    },
    stop: clear,
  };
}

/** What every map says when its base map did not load (MapShell and the passenger's page). */
export const BASE_MAP_FAILED_TITLE = 'Mapa base no disponible';
export const BASE_MAP_FAILED_TEXT = 'No se pudieron cargar las calles del mapa. Lo demás que muestra el mapa sigue al día.';
