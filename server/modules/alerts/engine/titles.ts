/** Each alert's one-line Spanish title and its detail, from the event and the taxi it is about. */
import { alertKindLabels } from '../../../../contract/alerts';
import { taxiLabel, type TaxiInfo } from '../taxiInfo';
import type { StepEvent } from './taxiState';

const kmh = (value: number) => `${Math.round(value)} km/h`;

export function titleOf(event: StepEvent, taxi: TaxiInfo): { title: string; detail: string | null } {
  const who = taxiLabel(taxi);
  const zone = event.zone?.name ?? '';
  const { minutes, speedKmh, limitKmh } = event.figures;
  switch (event.kind) {
    case 'zone_enter':
      return { title: `${who} entró a ${zone}`, detail: null };
    case 'zone_exit':
      return { title: `${who} salió de ${zone}`, detail: null };
    case 'zone_dwell':
      return { title: `${who} lleva ${minutes} min en ${zone}`, detail: null };
    case 'zone_crossing':
      return { title: `${who} cruzó ${zone} entre dos posiciones`, detail: 'Ninguna de las dos posiciones quedó dentro de la zona.' };
    case 'speeding':
      return { title: `${who} a ${kmh(speedKmh ?? 0)} (límite ${kmh(limitKmh ?? 0)})`, detail: `Velocidad máxima alcanzada: ${kmh(speedKmh ?? 0)}` };
    case 'no_signal':
      return { title: `${who} sin señal`, detail: `Sin posiciones desde hace ${minutes} min durante el turno.` };
    case 'signal_back':
      return { title: `${who} volvió a enviar su posición`, detail: null };
    case 'long_stop':
      return { title: `${who} detenido ${minutes} min durante un viaje`, detail: null };
    default:
      return { title: `${alertKindLabels[event.kind]}: ${who}`, detail: null };
  }
}
