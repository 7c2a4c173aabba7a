/**
 * "¿Dónde lo recogemos?" on the "Pedir un taxi" page: a fieldset of radios (the phone's location, one
 * of the fleet's places, or a point on the map) whose chosen one's details appear under it. The map
 * loads only when chosen; the point is what the phone or the map gave last for the choice made now.
 */
import type { TaxiRequestPage } from '../../contract/taxiRequests';
import { BASE_MAP_FAILED_TEXT, BASE_MAP_FAILED_TITLE } from '../lib/map/baseMapWatch';
import type { createPickMap, PickMap } from './pickMap';
import { el } from './requestDom';
import { locationProblem, locationReceived, type PickupChoice, type RequestForm } from './requestText';
import type { Tiles } from './tripPage';

/** Where the map starts when the fleet has no saved places and the phone gave no position: Santiago. */
const FALLBACK_CENTER = { latitude: -33.44, longitude: -70.65 };

export interface PickupChooserDeps {
  tiles: Tiles;
  loadMap: () => Promise<{ createPickMap: typeof createPickMap }>;
}

/** The fieldset and the nodes its choices show under it. */
function whereNodes(page: TaxiRequestPage) {
  const where = el('fieldset', 'pg-where');
  where.append(el('legend', 'pg-label', '¿Dónde lo recogemos?'));
  const choices: [PickupChoice, string][] = [['ubicacion', 'Mi ubicación actual']];
  if (page.places.length) choices.push(['lugar', 'Un lugar conocido']);
  choices.push(['mapa', 'Marcar en el mapa']);
  const radios = choices.map(([value, text]) => {
    const label = el('label', 'pg-choice');
    const radio = el('input', '');
    Object.assign(radio, { type: 'radio', name: 'pickup', value });
    label.append(radio, ` ${text}`);
    where.append(label);
    return radio;
  });
  const whereError = el('p', 'pg-field-error');
  whereError.id = 'pedir-donde-error';
  where.setAttribute('aria-describedby', whereError.id);
  const locationStatus = el('p', 'pg-hint');
  locationStatus.setAttribute('role', 'status');
  const placeSelect = el('select', 'pg-input');
  placeSelect.id = 'pedir-lugar';
  placeSelect.append(new Option('Elija un lugar…', ''), ...page.places.map((place) => new Option(place, place)));
  const placeLabel = el('label', 'pg-label', 'Lugar');
  placeLabel.htmlFor = placeSelect.id;
  const placeBox = el('div', 'pg-field');
  placeBox.append(placeLabel, placeSelect);
  const mapBox = el('div', 'pg-map pg-pick-map');
  mapBox.setAttribute('role', 'application');
  mapBox.setAttribute('aria-label', 'Mapa: toque donde lo recogemos');
  const centerButton = el('button', 'pg-secondary', 'Usar el centro del mapa');
  centerButton.type = 'button';
  const mapNotice = el('p', 'pg-map-notice');
  mapNotice.setAttribute('role', 'status');
  mapNotice.append(el('b', '', BASE_MAP_FAILED_TITLE), ` ${BASE_MAP_FAILED_TEXT}`);
  const mapArea = el('div', 'pg-map-area');
  mapArea.append(mapBox, centerButton);
  const detail = el('div', 'pg-where-detail');
  where.append(detail, whereError);
  return { where, radios, whereError, locationStatus, placeSelect, placeBox, mapBox, centerButton, mapNotice, mapArea, detail };
}

export function createPickupChooser(page: TaxiRequestPage, deps: PickupChooserDeps) {
  const { where, radios, whereError, locationStatus, placeSelect, placeBox, mapBox, centerButton, mapNotice, mapArea, detail } = whereNodes(page);
  let choice: PickupChoice | null = null;
  let point: RequestForm['point'] = null;
  let located: RequestForm['point'] = null;
  let pickMap: PickMap | null = null;

  function locate(): void {
    point = null;
    if (!('geolocation' in navigator)) {
      locationStatus.textContent = locationProblem(null);
      return;
    }
    locationStatus.textContent = 'Buscando su ubicación…';
    navigator.geolocation.getCurrentPosition(
      (position) => {
        located = { latitude: position.coords.latitude, longitude: position.coords.longitude };
        if (choice === 'ubicacion') point = located;
        locationStatus.textContent = locationReceived(Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null);
      },
      (problem) => {
        locationStatus.textContent = locationProblem(problem.code);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  async function openMap(): Promise<void> {
    point = null;
    locationStatus.textContent = 'Toque el mapa donde lo recogemos, o mueva el mapa y use su centro.';
    if (pickMap) return;
    const { createPickMap } = await deps.loadMap();
    if (choice !== 'mapa' || pickMap) return;
    const start = located ?? page.center ?? FALLBACK_CENTER;
    pickMap = createPickMap(
      mapBox,
      deps.tiles,
      start,
      (picked) => {
        point = picked;
        locationStatus.textContent = 'Punto marcado. Puede moverlo si no es exacto.';
      },
      (failed) => (failed ? mapArea.after(mapNotice) : mapNotice.remove()),
    );
  }

  function choose(value: PickupChoice): void {
    choice = value;
    point = null;
    locationStatus.textContent = '';
    if (value !== 'mapa') {
      pickMap?.remove();
      pickMap = null;
      mapNotice.remove();
    }
    if (value === 'ubicacion') {
      detail.replaceChildren(locationStatus);
      locate();
    } else if (value === 'lugar') {
      detail.replaceChildren(placeBox);
    } else {
      detail.replaceChildren(mapArea, locationStatus);
      void openMap();
    }
  }
  for (const radio of radios) radio.addEventListener('change', () => radio.checked && choose(radio.value as PickupChoice));
  centerButton.addEventListener('click', () => pickMap?.pickCenter());

  return { where, whereError, picked: () => ({ choice, point, place: placeSelect.value }) };
}
