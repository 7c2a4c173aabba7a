import { BOOKING_STATUSES, type BookingStatus } from '../../../contract/dispatch';
import { allowedFrom, canMove, refusal } from './tripStates';

const allowed: [BookingStatus, BookingStatus][] = [
  ['pendiente', 'ofrecido'],
  ['pendiente', 'asignado'],
  ['pendiente', 'cancelado'],
  ['ofrecido', 'ofrecido'],
  ['ofrecido', 'pendiente'],
  ['ofrecido', 'asignado'],
  ['ofrecido', 'cancelado'],
  ['asignado', 'en_camino'],
  ['asignado', 'en_el_lugar'],
  ['asignado', 'cancelado'],
  ['en_camino', 'en_el_lugar'],
  ['en_camino', 'cancelado'],
  ['en_el_lugar', 'a_bordo'],
  ['en_el_lugar', 'no_se_presento'],
  ['en_el_lugar', 'cancelado'],
  ['a_bordo', 'finalizado'],
];
const key = ([from, to]: [BookingStatus, BookingStatus]) => `${from}→${to}`;
const allowedKeys = new Set(allowed.map(key));
const refused = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as [BookingStatus, BookingStatus])).filter(
  (pair) => !allowedKeys.has(key(pair)),
);

describe('the trip state machine', () => {
  it.each(allowed)('allows %s → %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
    expect(refusal(from, to)).toBeNull();
    expect(allowedFrom(to)).toContain(from);
  });

  it('refuses every other pair (65 of 81)', () => {
    expect(refused).toHaveLength(81 - allowed.length);
  });

  it.each(refused)('refuses %s → %s with a Spanish sentence', (from, to) => {
    expect(canMove(from, to)).toBe(false);
    expect(allowedFrom(to)).not.toContain(from);
    const text = refusal(from, to);
    expect(text).toMatch(/^[A-ZÁÉÍÓÚÑ¿].{10,}$/);
    expect(text).not.toMatch(/_/);
  });

  it('says why in the words a dispatcher uses', () => {
    expect(refusal('asignado', 'asignado')).toBe('La reserva ya tiene un taxi asignado');
    expect(refusal('cancelado', 'asignado')).toBe('La reserva fue cancelada');
    expect(refusal('finalizado', 'cancelado')).toBe('El viaje ya finalizó');
    expect(refusal('a_bordo', 'cancelado')).toBe('El pasajero ya va a bordo: finaliza el viaje en vez de cancelarlo');
    expect(refusal('pendiente', 'a_bordo')).toBe('La reserva aún no tiene un taxi asignado');
    expect(refusal('en_camino', 'a_bordo')).toBe('Primero marca la llegada al lugar (En el lugar)');
    expect(refusal('en_camino', 'no_se_presento')).toBe('Solo se marca No se presentó cuando el taxi está en el lugar');
    expect(refusal('en_el_lugar', 'finalizado')).toBe('Solo se finaliza un viaje con el pasajero a bordo');
  });
});
