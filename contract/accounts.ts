/**
 * Cuentas de los conductores (issue 35): terms, the ledger's entries, balances, the estado de cuenta
 * and the cierre del día. Amounts are integer pesos; an entry's `amount` is signed (+ the driver owes
 * more, - they paid); dates are days in the fleet's time zone (America/Santiago).
 */
import { z } from 'zod';
import './zodConfig';
import { singleLine } from './plainText';
import { isIsoDate } from './common';
import { isoDate, isoTime } from './fields';
import { MAX_ENTRY_PESOS } from './money';

export const termKinds = ['diaria', 'semanal', 'por_turno', 'porcentaje'] as const;
export type TermKind = (typeof termKinds)[number];
export const termKindLabels: Record<TermKind, string> = {
  diaria: 'Cuota diaria',
  semanal: 'Cuota semanal',
  por_turno: 'Cuota por turno',
  porcentaje: 'Porcentaje de lo recaudado',
};

/** What the desk collects. */
export const paymentKinds = ['efectivo', 'transferencia', 'descuento'] as const;
/** What the owner charges by hand, each with a reason. */
export const chargeKinds = ['daño', 'multa', 'combustible', 'otro'] as const;
/** What Flota writes itself (cuota, ajuste) and a reversal. */
export const entryKinds = [...paymentKinds, ...chargeKinds, 'cuota', 'ajuste', 'reversa'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
export type ChargeKind = (typeof chargeKinds)[number];
export type EntryKind = (typeof entryKinds)[number];
export const entryKindLabels: Record<EntryKind, string> = {
  efectivo: 'Pago en efectivo',
  transferencia: 'Pago por transferencia',
  descuento: 'Descuento',
  daño: 'Cargo por daño',
  multa: 'Multa',
  combustible: 'Combustible adelantado',
  otro: 'Otro cargo',
  cuota: 'Cuota',
  ajuste: 'Ajuste de cuota',
  reversa: 'Reversa',
};
export const isPaymentKind = (kind: string): kind is PaymentKind => (paymentKinds as readonly string[]).includes(kind);

export const AccountMessages = {
  amount: 'El monto debe ser un número entero de pesos, mayor que cero y de hasta $100.000.000',
  percent: 'El porcentaje debe ser un número entero entre 1 y 100',
  kind: 'Tipo de movimiento inválido',
  termKind: 'Tipo de condición inválido',
  effectiveFrom: 'Fecha de inicio inválida',
  effectiveInPast: 'Las condiciones rigen desde hoy o una fecha futura: un cambio no reescribe cargos pasados',
  reasonRequired: 'Indica el motivo',
  referenceRequired: 'Indica la referencia de la transferencia',
  idempotencyKey: 'Clave de idempotencia inválida (1 a 100 letras, números, guiones o puntos)',
  idempotencyReused: 'Esa clave de idempotencia ya se usó para otro movimiento',
  chargesForManagers: 'Solo el dueño o un administrador registra cargos',
  driverNotFound: 'Conductor no encontrado',
  entryNotFound: 'Movimiento no encontrado',
  alreadyReversed: 'Ese movimiento ya fue reversado',
  reversalOfReversal: 'Una reversa no se reversa: registra un movimiento nuevo',
  period: 'Período inválido',
  periodOrder: 'La fecha "hasta" no puede ser anterior a la fecha "desde"',
  periodTooLong: 'El período puede abarcar hasta 2 años',
  behindDays: 'Los días de atraso deben ser un número entero entre 1 y 365',
} as const;

/** Whole pesos, > 0, at most MAX_ENTRY_PESOS: no decimals, no strings, no negatives. */
export const pesosField = z.number({ error: AccountMessages.amount }).int(AccountMessages.amount).min(1, AccountMessages.amount).max(MAX_ENTRY_PESOS, AccountMessages.amount);

const dayField = (message: string) => z.string({ error: message }).refine(isIsoDate, message);

/** A client-generated key (or the Idempotency-Key header): the same key stores one entry. */
export const idempotencyKeyField = z
  .string({ error: AccountMessages.idempotencyKey })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, AccountMessages.idempotencyKey);

export const termsCreateSchema = z
  .object({
    kind: z.enum(termKinds, { error: AccountMessages.termKind }),
    /** Pesos, or the percentage (1–100) for `porcentaje`. */
    amount: pesosField,
    effective_from: dayField(AccountMessages.effectiveFrom),
  })
  .refine((terms) => terms.kind !== 'porcentaje' || terms.amount <= 100, { message: AccountMessages.percent, path: ['amount'] });
export type TermsCreate = z.input<typeof termsCreateSchema>;

export const entryCreateSchema = z
  .object({
    kind: z.enum([...paymentKinds, ...chargeKinds], { error: AccountMessages.kind }),
    amount: pesosField,
    reason: z.string().trim().max(300, 'El motivo puede tener hasta 300 caracteres').nullish(),
    reference: singleLine(z.string().trim().max(100, 'La referencia puede tener hasta 100 caracteres')).nullish(),
    idempotency_key: idempotencyKeyField.optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.kind === 'transferencia' && !entry.reference) ctx.addIssue({ code: 'custom', message: AccountMessages.referenceRequired, path: ['reference'] });
    if ((chargeKinds as readonly string[]).includes(entry.kind) && !entry.reason) ctx.addIssue({ code: 'custom', message: AccountMessages.reasonRequired, path: ['reason'] });
  });
export type EntryCreate = z.input<typeof entryCreateSchema>;

export const reversalCreateSchema = z.object({
  reason: z.string({ error: AccountMessages.reasonRequired }).trim().min(1, AccountMessages.reasonRequired).max(300, 'El motivo puede tener hasta 300 caracteres'),
  idempotency_key: idempotencyKeyField.optional(),
});
export type ReversalCreate = z.input<typeof reversalCreateSchema>;

export const accountSettingsSchema = z.object({
  /** Cuota diaria: every calendar day (true) or only the days with a shift (false); semanal likewise per week. */
  charge_days_without_shift: z.boolean({ error: 'Indica si se cobran los días sin turno' }),
  /** "Requiere atención" lists a driver behind by more than this many days. */
  behind_days_alert: z.number({ error: AccountMessages.behindDays }).int(AccountMessages.behindDays).min(1, AccountMessages.behindDays).max(365, AccountMessages.behindDays),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const statementQuerySchema = z
  .object({ from: dayField(AccountMessages.period), to: dayField(AccountMessages.period) })
  .refine((q) => q.from <= q.to, { message: AccountMessages.periodOrder, path: ['to'] })
  .refine((q) => new Date(`${q.to}T00:00:00Z`).getTime() - new Date(`${q.from}T00:00:00Z`).getTime() <= 731 * 86_400_000, { message: AccountMessages.periodTooLong, path: ['to'] });
export const closingQuerySchema = z.object({ date: dayField('Fecha inválida').optional() });

export const termsSchema = z.object({
  id: z.number().int(),
  kind: z.enum(termKinds),
  amount: z.number().int(),
  effective_from: isoDate,
  recorded_by: z.string(),
  created_at: isoTime,
});
export type Terms = z.infer<typeof termsSchema>;

export const entrySchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  kind: z.enum(entryKinds),
  /** Signed pesos: + owed, - paid. */
  amount: z.number().int(),
  date: isoDate,
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  /** What this entry reverses, and what reversed it. */
  reverses_id: z.number().int().nullable(),
  reversed_by_id: z.number().int().nullable(),
  /** For a cuota or an ajuste: the day, week or shift it charges ("dia:2026-11-03", "semana:…", "turno:12"). */
  period: z.string().nullable(),
  /** Who recorded it (null: Flota's charge pass). */
  recorded_by: z.string().nullable(),
  recorded_role: z.string().nullable(),
  created_at: isoTime,
});
export type AccountEntry = z.infer<typeof entrySchema>;

export const balanceSchema = z.object({
  driver_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** > 0: debe; < 0: a favor. */
  balance: z.number().int(),
  /** Days since the oldest charge the balance still covers (0 when nothing is owed). */
  days_behind: z.number().int(),
  terms: termsSchema.nullable(),
});
export type DriverBalance = z.infer<typeof balanceSchema>;

export const balancesResponseSchema = z.object({
  balances: z.array(balanceSchema),
  /** Sum of every balance that is owed (> 0). */
  total_owed: z.number().int(),
  behind_days_alert: z.number().int(),
});
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

export const driverAccountResponseSchema = z.object({
  account: balanceSchema,
  terms_history: z.array(termsSchema),
  entries: z.array(entrySchema),
});
export type DriverAccountResponse = z.infer<typeof driverAccountResponseSchema>;

export const termsResponseSchema = z.object({ terms: termsSchema });
export const entryResponseSchema = z.object({ entry: entrySchema, balance: z.number().int() });
export type EntryResponse = z.infer<typeof entryResponseSchema>;
export const accountSettingsResponseSchema = z.object({ settings: accountSettingsSchema });

export const statementResponseSchema = z.object({
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), rut: z.string() }),
  from: isoDate,
  to: isoDate,
  opening_balance: z.number().int(),
  entries: z.array(entrySchema.extend({ balance: z.number().int() })),
  charges_total: z.number().int(),
  payments_total: z.number().int(),
  closing_balance: z.number().int(),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

const totalSchema = z.object({ total: z.number().int(), count: z.number().int() });
export const closingResponseSchema = z.object({
  date: isoDate,
  /** Charges written that day (cuotas, ajustes and charges by hand), net of their reversals. */
  charges: z.array(totalSchema.extend({ kind: z.enum(entryKinds) })),
  charges_total: z.number().int(),
  /** Payments recorded that day by method (as positive pesos), net of their reversals. */
  collections: z.array(totalSchema.extend({ kind: z.enum(entryKinds) })),
  collections_total: z.number().int(),
  by_user: z.array(totalSchema.extend({ name: z.string(), role: z.string(), cash: z.number().int() })),
  /** Cash that should be in the drawer: efectivo recorded that day, net of its reversals. */
  expected_cash: z.number().int(),
});
export type ClosingResponse = z.infer<typeof closingResponseSchema>;

/** GET /driver/account: the driver's own account, read-only. */
export const myAccountResponseSchema = z.object({
  balance: z.number().int(),
  days_behind: z.number().int(),
  terms: termsSchema.nullable(),
  entries: z.array(entrySchema),
});
export type MyAccountResponse = z.infer<typeof myAccountResponseSchema>;
