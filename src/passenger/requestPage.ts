/**
 * The "Pedir un taxi" form (issue 36, item 5), drawn with plain DOM like the tracking page: the
 * phone, the name, where to be picked up (the phone's location, one of the fleet's places, or a
 * point on the map), a reference, notes, and the honeypot no person sees. Every text goes in as
 * textContent. Each field says its own problem beside it (aria-describedby), and a summary says
 * the server's refusal (role=alert).
 */
import type { TaxiRequestPage } from '../../contract/taxiRequests';
import { HONEYPOT_FIELD, REQUEST_LIMITS, TaxiRequestMessages } from '../../contract/taxiRequestWords';
import { createPickupChooser, type PickupChooserDeps } from './pickupChooser';
import { el, field } from './requestDom';
import { requestBody, type FieldErrors, type Outcome } from './requestText';
import { telHref } from './tripText';

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

export interface RequestPageDeps extends PickupChooserDeps {
  send(body: Record<string, unknown>): Promise<Outcome>;
  go(path: string): void;
}

/** The honeypot: off screen, out of the tab order and of the accessibility tree; a person never fills it. */
function honeypot() {
  const trapBox = el('div', 'pg-trap');
  trapBox.setAttribute('aria-hidden', 'true');
  const trapLabel = el('label', '', 'Sitio web');
  const trap = el('input', '');
  Object.assign(trap, { type: 'text', name: HONEYPOT_FIELD, tabIndex: -1, autocomplete: 'off' });
  trapLabel.append(trap);
  trapBox.append(trapLabel);
  return { trapBox, trap };
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

  const { where, whereError, picked } = createPickupChooser(page, deps);

  const reference = field('input', 'pedir-referencia', 'Referencia para el conductor (opcional)', 'Por ejemplo: portón verde, depto 42');
  Object.assign(reference.input, { type: 'text', maxLength: REQUEST_LIMITS.reference, name: 'reference' });
  const notes = field('textarea', 'pedir-notas', 'Notas (opcional)', 'Maletas, silla de ruedas, mascota…');
  Object.assign(notes.input, { rows: 2, maxLength: REQUEST_LIMITS.notes, name: 'notes' });

  const { trapBox, trap } = honeypot();

  const summary = el('p', 'pg-form-error');
  summary.setAttribute('role', 'alert');
  const submit = el('button', 'pg-primary', 'Pedir taxi');
  submit.type = 'submit';
  form.append(title, intro, phone.wrap, name.wrap, where, reference.wrap, notes.wrap, trapBox, summary, submit);
  root.replaceChildren(header(page), form);

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

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    summary.textContent = '';
    const checked = requestBody({ phone: phone.input.value, name: name.input.value, ...picked(), reference: reference.input.value, notes: notes.input.value, trap: trap.value });
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