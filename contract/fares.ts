/**
 * Fares (issue 35, item 8): the fleet's tariff as the windscreen shows it, and a trip's fare.
 *
 *   GET /api/dispatch/fare-tariff → fareTariffResponseSchema (every desk role reads it)
 *   PUT /api/dispatch/fare-tariff   fareTariffSchema → fareTariffResponseSchema (Dueño, Administrador)
 *   POST /api/driver/trips/:id/finish   tripFinishRequestSchema (optional): the taxímetro's amount
 *
 * Whole pesos everywhere; the meter is counted in integers (fareMeter.ts).
 */
import { z } from 'zod';
import './zodConfig';

/** A bajada de bandera or a step above this is a typo (a Santiago taxi's are about $500 and $200). */
export const MAX_TARIFF_PESOS = 100_000;
/** The most one trip may be: a typo of extra zeros on the taxímetro is refused. */
export const MAX_FARE_PESOS = 10_000_000;

export const FareMessages = {
  flagDown: `La bajada de bandera debe ser un monto entero en pesos, entre $0 y $${MAX_TARIFF_PESOS.toLocaleString('es-CL')}`,
  step: `El valor por tramo debe ser un monto entero en pesos, entre $0 y $${MAX_TARIFF_PESOS.toLocaleString('es-CL')}`,
  enabled: 'Indica si la flota registra tarifas',
  fare: `El monto del taxímetro debe ser un monto entero en pesos, entre $0 y $${MAX_FARE_PESOS.toLocaleString('es-CL')}`,
} as const;

const pesos = (message: string, max: number) => z.number({ error: message }).int(message).min(0, message).max(max, message);

export const fareTariffSchema = z.object({
  /** Off by default: a fleet that does not record fares sees none. */
  enabled: z.boolean({ error: FareMessages.enabled }),
  /** Bajada de bandera: what the meter shows as the passenger boards. */
  flag_down: pesos(FareMessages.flagDown, MAX_TARIFF_PESOS),
  /** What each 200 m or 60 s adds, whichever comes first. */
  step: pesos(FareMessages.step, MAX_TARIFF_PESOS),
});
export type FareTariff = z.infer<typeof fareTariffSchema>;
export const fareTariffResponseSchema = z.object({ tariff: fareTariffSchema });
export type FareTariffResponse = z.infer<typeof fareTariffResponseSchema>;

/** Finalizar's optional body: the amount the taxímetro shows; absent or null, Flota estimates it. */
export const tripFinishRequestSchema = z
  .object({ fare_pesos: pesos(FareMessages.fare, MAX_FARE_PESOS).nullish() })
  .nullish()
  .transform((body) => ({ fare_pesos: body?.fare_pesos ?? null }));
export type TripFinishRequest = z.input<typeof tripFinishRequestSchema>;

/** A finished trip's fare: typed from the taxímetro, or Flota's estimate from the trail (said so wherever it shows). */
export const tripFareSchema = z.object({ pesos: z.number().int(), estimated: z.boolean() });
export type TripFare = z.infer<typeof tripFareSchema>;
