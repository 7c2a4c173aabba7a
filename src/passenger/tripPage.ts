/**
 * Draws the passenger's page from one view: the fleet and its phone, the state in words and the
 * ETA, the plate, the car and the driver's first name, the map while the taxi is shown. Every text
 * goes in as textContent (no markup from the server). The map is made once and kept across views.
 */
import type { TrackingView } from '../../contract/tracking';
import { TRACKING_GONE_MESSAGE } from '../../contract/trackingWords';
import { carText, etaText, stateText, telHref } from './tripText';
import { BASE_MAP_FAILED_TEXT, BASE_MAP_FAILED_TITLE } from '../lib/map/baseMapWatch';
import { createTripMap, type TripMap } from './tripMap';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** What the map's two dots are: the taxi's only while it is shown. */
function legend(withTaxi: boolean): HTMLElement {
  const list = el('ul', 'pg-legend');
  list.setAttribute('aria-label', 'Leyenda del mapa');
  for (const [kind, text] of withTaxi ? ([['taxi', 'Su taxi'], ['pickup', 'Recogida']] as const) : ([['pickup', 'Recogida']] as const)) {
    const item = el('li', '');
    item.append(el('span', `pg-dot pg-dot-${kind}`), text);
    list.append(item);
  }
  return list;
}

export interface Tiles {
  url: string;
  attribution: string;
}

export function createTripPage(root: HTMLElement, tiles: Tiles) {
  let map: TripMap | null = null;
  let mapBox: HTMLElement | null = null;
  // Said beside the map (a role=img hides what is inside it): its tiles did not load.
  const baseMapNotice = el('p', 'pg-map-notice');
  baseMapNotice.setAttribute('role', 'status');
  baseMapNotice.append(el('b', '', BASE_MAP_FAILED_TITLE), ` ${BASE_MAP_FAILED_TEXT}`);
  let baseMapFailed = false;
  const onBaseMapFailed = (failed: boolean) => {
    baseMapFailed = failed;
    if (failed) mapBox?.after(baseMapNotice);
    else baseMapNotice.remove();
  };

  function dropMap(): void {
    map?.remove();
    map = null;
    mapBox = null;
    onBaseMapFailed(false);
  }

  return {
    show(view: TrackingView): void {
      const parts: HTMLElement[] = [];
      const header = el('header', 'pg-header');
      header.append(el('p', 'pg-fleet', view.fleet.name));
      if (view.fleet.phone) {
        const call = el('a', 'pg-call', 'Llamar a la central');
        call.href = telHref(view.fleet.phone);
        header.append(call);
      }
      parts.push(header);

      const status = el('section', 'pg-card');
      status.append(el('h1', 'pg-state', stateText(view)));
      const eta = etaText(view);
      if (eta) status.append(el('p', 'pg-eta', eta));
      parts.push(status);

      if (view.taxi && view.state !== 'cancelado') {
        const taxi = el('section', 'pg-card pg-taxi');
        taxi.setAttribute('aria-label', 'Su taxi');
        const plate = el('div', 'pg-plate');
        plate.append(el('small', '', 'CHILE'), el('strong', 'pg-plate-number', view.taxi.plate));
        plate.setAttribute('aria-label', `Patente ${view.taxi.plate}`);
        const about = el('div', '');
        const car = carText(view);
        if (car) about.append(el('p', 'pg-car', car));
        if (view.driver_first_name) {
          const driver = el('p', 'pg-car', 'Conductor: ');
          driver.append(el('b', '', view.driver_first_name));
          about.append(driver);
        }
        taxi.append(plate, about);
        parts.push(taxi);
      }

      const withMap = view.state !== 'finalizado' && view.state !== 'cancelado';
      if (withMap) {
        mapBox ??= el('div', 'pg-map');
        mapBox.setAttribute('role', 'img');
        mapBox.setAttribute('aria-label', view.position ? 'Mapa: su taxi y el punto de recogida' : 'Mapa: el punto de recogida');
        parts.push(mapBox);
        if (baseMapFailed) parts.push(baseMapNotice);
        parts.push(legend(view.position !== null));
      }
      if (view.pickup.label) {
        const pickup = el('p', 'pg-pickup', 'Recogida: ');
        pickup.append(el('b', '', view.pickup.label));
        parts.push(pickup);
      }
      if (withMap && view.state === 'a_bordo' && !view.position) parts.push(el('p', 'pg-note', 'La posición del taxi deja de mostrarse con usted a bordo.'));

      root.replaceChildren(...parts);
      if (withMap && mapBox) {
        map ??= createTripMap(mapBox, tiles, onBaseMapFailed);
        map.show(view.pickup, view.position);
      } else {
        dropMap();
      }
    },

    /** The link no longer answers: this sentence and nothing more. */
    gone(): void {
      dropMap();
      const box = el('section', 'pg-gone');
      box.append(el('h1', '', TRACKING_GONE_MESSAGE));
      root.replaceChildren(box);
    },

    problem(message: string): void {
      dropMap();
      const box = el('section', 'pg-gone');
      box.setAttribute('role', 'alert');
      box.append(el('p', '', message));
      root.replaceChildren(box);
    },
  };
}

export type TripPage = ReturnType<typeof createTripPage>;
