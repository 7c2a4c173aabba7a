/**
 * The "Pedir un taxi" form (issue 36, item 5), drawn with plain DOM like the tracking page: the
 * phone, the name, where to be picked up (the phone's location, one of the fleet's places, or a
 * point on the map), a reference, notes, and the honeypot no person sees. Every text goes in as
 * textContent. Each field says its own problem beside it (aria-describedby), and a summary says
 * the server's refusal (role=alert).
 */
import type { TaxiRequestPage } from '../../contract/taxiRequests';
import { HONEYPOT_FIELD, REQUEST_LIMITS, TaxiRequestMessages } from '../../contract/taxiRequestWords';
import { BASE_MAP_FAILED_TEXT, BASE_MAP_FAILED_TITLE } from '../lib/map/baseMapWatch';
import type { createPickMap, PickMap } from './pickMap';
import { locationProblem, locationReceived, requestBody, type FieldErrors, type Outcome, type PickupChoice, type RequestForm } from './requestText';
import type { Tiles } from './tripPage';
import { telHref } from './tripText';

/** Where the map starts when the fleet has no saved places and the phone gave no position: Santiago. */
const FALLBACK_CENTER = { latitude: -33.44, longitude: -70.65 };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A labelled input or textarea with its own error line. */
function field<K extends 'input' | 'textarea'>(tag: K, id: string, label: string, hint?: string) {
  const wrap = el('div', 'pg-field');
  const labelNode = el('label', 'pg-label', label);
  labelNode.htmlFor = id;
  const input = el(tag, 'pg-input');
  input.id = id;
  const error = el('p', 'pg-field-error');
  error.id = `${id}-error`;
  const describedBy = [error.id];
  wrap.append(labelNode);
  if (hint) {
    const hintNode = el('p', 'pg-hint', hint);
    hintNode.id = `${id}-hint`;
    describedBy.unshift(hintNode.id);
    wrap.append(hintNode);
  }
  input.setAttribute('aria-describedby', describedBy.join(' '));
  wrap.append(input, error);
  return { wrap, input, error };
}

function header(page: TaxiRequestPage): HTMLElement {
  const head = el('header', 'pg-header');
  head.append(el('p', 'pg-fleet', page.fleet.name));
  if (page.fleet.phone) {
    const call = el('a', 'pg-call', 'Llamar a la central');
    call.href = telHref(page.fleet.phone);
    head.append(call);
  }
  return head;
}

export interface RequestPageDeps {
  tiles: Tiles;
  send(body: Record<string, unknown>): Promise<Outcome>;
  go(path: string): void;
  loadMap: () => Promise<{ createPickMap: typeof createPickMap }>;
}

export function showRequestPage(root: HTMLElement, page: TaxiRequestPage, deps: RequestPageDeps): void {
  const form = el('form', 'pg-form');
  form.noValidate = true;
  form.setAttribute('aria-labelledby', 'pedir-title');
  const title = el('h1', 'pg-title', 'Pedir un taxi');
  title.id = 'pedir-title';
  const intro = el('p', 'pg-hint', 'Sin llamar: le mostramos su taxi en camino apenas un conductor acepte.');

  const phone = field('input', 'pedir-telefono', 'Su teléfono', 'Por ejemplo +56 9 1234 5678');
  Object.assign(phone.input, { type: 'tel', autocomplete: 'tel', inputMode: 'tel', name: 'phone' });
  const name = field('input', 'pedir-nombre', 'Su nombre');
  Object.assign(name.input, { type: 'text', autocomplete: 'name', name: 'name', maxLength: REQUEST_LIMITS.name });

  // Where: a fieldset of radios; the chosen one's details appear under it.
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

  const reference = field('input', 'pedir-referencia', 'Referencia para el conductor (opcional)', 'Por ejemplo: portón verde, depto 42');
  Object.assign(reference.input, { type: 'text', maxLength: REQUEST_LIMITS.reference, name: 'reference' });
  const notes = field('textarea', 'pedir-notas', 'Notas (opcional)', 'Maletas, silla de ruedas, mascota…');
  Object.assign(notes.input, { rows: 2, maxLength: REQUEST_LIMITS.notes, name: 'notes' });

  // The honeypot: off screen, out of the tab order and of the accessibility tree; a person never fills it.
  const trapBox = el('div', 'pg-trap');
  trapBox.setAttribute('aria-hidden', 'true');
  const trapLabel = el('label', '', 'Sitio web');
  const trap = el('input', '');
  Object.assign(trap, { type: 'text', name: HONEYPOT_FIELD, tabIndex: -1, autocomplete: 'off' });
  trapLabel.append(trap);
  trapBox.append(trapLabel);

  const summary = el('p', 'pg-form-error');
  summary.setAttribute('role', 'alert');
  const submit = el('button', 'pg-primary', 'Pedir taxi');
  submit.type = 'submit';
  form.append(title, intro, phone.wrap, name.wrap, where, reference.wrap, notes.wrap, trapBox, summary, submit);
  root.replaceChildren(header(page), form);

  let choice: PickupChoice | null = null;
  let point: RequestForm['point'] = null;
  let located: RequestForm['point'] = null;
  let pickMap: PickMap | null = null;
  let sending = false;

  const errorNodes: Record<keyof FieldErrors, [HTMLElement, HTMLElement]> = {
    phone: [phone.input, phone.error],
    name: [name.input, name.error],
    pickup: [where, whereError],
    reference: [reference.input, reference.error],
    notes: [notes.input, notes.error],
  };
  function showErrors(errors: FieldErrors): void {
    for (const [key, [input, error]] of Object.entries(errorNodes) as [keyof FieldErrors, [HTMLElement, HTMLElement]][]) {
      error.textContent = errors[key] ?? '';
      if (errors[key]) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  }

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

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    summary.textContent = '';
    const checked = requestBody({ phone: phone.input.value, name: name.input.value, choice, point, place: placeSelect.value, reference: reference.input.value, notes: notes.input.value, trap: trap.value });
    if ('errors' in checked) {
      showErrors(checked.errors);
      summary.textContent = 'Revise los datos marcados.';
      return;
    }
    showErrors({});
    sending = true;
    submit.disabled = true;
    submit.textContent = 'Enviando…';
    void deps.send(checked.body).then((outcome) => {
      if ('sent' in outcome) return deps.go(outcome.sent);
      sending = false;
      submit.disabled = false;
      submit.textContent = 'Pedir taxi';
      if ('closed' in outcome) return showClosed(root);
      if ('fields' in outcome) showErrors(outcome.fields);
      summary.textContent = outcome.message;
    });
  });
}

/** An unknown code and a page that is off: one sentence, the same for both. */
export function showClosed(root: HTMLElement): void {
  const box = el('section', 'pg-gone');
  box.append(el('h1', '', TaxiRequestMessages.unknownFleet));
  root.replaceChildren(box);
}

export function showProblem(root: HTMLElement, message: string): void {
  const box = el('section', 'pg-gone');
  box.setAttribute('role', 'alert');
  box.append(el('p', '', message));
  root.replaceChildren(box);
}
