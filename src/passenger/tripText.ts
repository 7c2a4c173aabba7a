/** The words the passenger reads: the state, the ETA, the taxi. Pure, so the unit test reads them. */
import type { TrackingView } from '../../contract/tracking';
import { trackingStateLabels } from '../../contract/trackingWords';

export function etaText(view: TrackingView): string | null {
  if (view.state === 'buscando') return 'Estamos buscando un taxi cerca de usted.';
  if (view.state === 'llego') return 'Su taxi está en el punto de recogida.';
  if (view.state === 'a_bordo') return 'Buen viaje.';
  if (view.state === 'finalizado') return 'Gracias por viajar con nosotros.';
  if (view.state === 'cancelado') return 'Este viaje fue cancelado. Si necesita un taxi, llame a la central.';
  if (view.eta_s === null) return null;
  const minutes = Math.max(1, Math.round(view.eta_s / 60));
  return minutes === 1 ? 'Llega en alrededor de 1 minuto.' : `Llega en alrededor de ${minutes} minutos.`;
}

export const stateText = (view: TrackingView): string => trackingStateLabels[view.state];

/** "Toyota Yaris · gris", or null when the fleet recorded neither. */
export function carText(view: TrackingView): string | null {
  const parts = [view.taxi?.model, view.taxi?.color].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' · ') : null;
}

/** tel: without spaces or dashes. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+0-9]/g, '')}`;
