/**
 * The accounts module's routes as the API declares them (issue 35). Dueño and Administrador set terms,
 * charge and reverse; an Operador reads balances and records payments (the handler refuses them a
 * charge); a driver reads their own account.
 */
import {
  accountSettingsResponseSchema,
  accountSettingsSchema,
  balancesResponseSchema,
  closingQuerySchema,
  closingResponseSchema,
  driverAccountResponseSchema,
  entryCreateSchema,
  entryResponseSchema,
  myAccountResponseSchema,
  reversalCreateSchema,
  statementQuerySchema,
  statementResponseSchema,
  termsCreateSchema,
  termsResponseSchema,
} from '../../../contract/api';
import { EVERY_DESK_ROLE, FLEET_MANAGERS } from '../../../contract/roles';
import { driver, errors, idParams, owner, platformTags, tagNames, type OpenApiTag } from '../../platform/openapi/routeDocs';
import { DRIVER, routeSpec } from '../../platform/routeSpec';
import { blanksAsAbsent } from '../../platform/requestValidation';

export const openApiTags = {
  accounts: {
    name: 'Cuentas',
    description:
      'Lo que cada conductor debe y pagó, en pesos enteros: condiciones, cuotas escritas desde los turnos, pagos, cargos, reversas, saldos, estado de cuenta y cierre del día. Los movimientos nunca se editan ni se borran.',
  },
} satisfies Record<string, OpenApiTag>;

const Tags = tagNames({ ...platformTags, ...openApiTags });

const idempotency =
  'Idempotente: la cabecera `Idempotency-Key` (o `idempotency_key` en el cuerpo, generada por el cliente) guarda el movimiento una sola vez; repetir la solicitud con la misma clave responde 200 con el movimiento ya guardado, y con la misma clave para otro movimiento, 409.';

export const routeSpecs = {
  // GET /api/accounts/balances
  balances: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Saldos de los conductores',
    description: 'Un saldo por conductor ("debe" si es positivo, "a favor" si es negativo), los días de atraso y las condiciones vigentes; ordenados por deuda, mayor primero.',
    tags: [Tags.accounts],
    security: owner,
    response: { 200: balancesResponseSchema, ...errors(401, 403) },
  }),
  // GET /api/accounts/drivers/:id
  driverAccount: routeSpec(EVERY_DESK_ROLE, {
    summary: 'La cuenta de un conductor',
    description: 'Saldo, días de atraso, condiciones (vigentes e historial) y los últimos 100 movimientos.',
    tags: [Tags.accounts],
    security: owner,
    params: idParams,
    response: { 200: driverAccountResponseSchema, ...errors(401, 403, 404) },
  }),
  // POST /api/accounts/drivers/:id/terms
  createTerms: routeSpec(FLEET_MANAGERS, {
    summary: 'Fijar las condiciones de un conductor',
    description: 'Rigen desde `effective_from` (hoy o después, en la zona de la flota); las anteriores quedan en el historial y los cargos ya escritos no cambian.',
    tags: [Tags.accounts],
    security: owner,
    params: idParams,
    body: termsCreateSchema,
    response: { 201: termsResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  // POST /api/accounts/drivers/:id/entries
  createEntry: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Registrar un pago o un cargo',
    description: `Pagos (efectivo, transferencia con referencia, descuento): cualquier usuario de la mesa. Cargos (daño, multa, combustible, otro, con motivo): dueño y administradores. ${idempotency}`,
    tags: [Tags.accounts],
    security: owner,
    params: idParams,
    body: entryCreateSchema,
    response: { 200: entryResponseSchema, 201: entryResponseSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  // POST /api/accounts/entries/:id/reverse
  reverseEntry: routeSpec(FLEET_MANAGERS, {
    summary: 'Reversar un movimiento',
    description: `Un movimiento nuevo, de monto opuesto, que nombra al que reversa (una sola vez por movimiento). ${idempotency}`,
    tags: [Tags.accounts],
    security: owner,
    params: idParams,
    body: reversalCreateSchema,
    response: { 200: entryResponseSchema, 201: entryResponseSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  // GET /api/accounts/drivers/:id/statement
  statement: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Estado de cuenta de un conductor',
    description: 'Saldo inicial (antes de `from`), los movimientos del período con el saldo tras cada uno, y el saldo final. Fechas YYYY-MM-DD en la zona de la flota, inclusivas.',
    tags: [Tags.accounts],
    security: owner,
    params: idParams,
    querystring: blanksAsAbsent(statementQuerySchema),
    response: { 200: statementResponseSchema, ...errors(400, 401, 403, 404) },
  }),
  // GET /api/accounts/closing
  closing: routeSpec(EVERY_DESK_ROLE, {
    summary: 'Cierre del día',
    description: 'Los cargos y lo recaudado de un día (hoy si falta `date`), por medio de pago y por usuario de la mesa, con el efectivo esperado en caja. Una reversa cuenta en el tipo del movimiento que reversa.',
    tags: [Tags.accounts],
    security: owner,
    querystring: blanksAsAbsent(closingQuerySchema),
    response: { 200: closingResponseSchema, ...errors(400, 401, 403) },
  }),
  // GET /api/accounts/settings
  settings: routeSpec(FLEET_MANAGERS, {
    summary: 'Ajustes de cuentas de la flota',
    tags: [Tags.accounts],
    security: owner,
    response: { 200: accountSettingsResponseSchema, ...errors(401, 403) },
  }),
  // PUT /api/accounts/settings
  updateSettings: routeSpec(FLEET_MANAGERS, {
    summary: 'Cambiar los ajustes de cuentas',
    description: '`charge_days_without_shift`: la cuota diaria (o semanal) se cobra también los días (semanas) sin turno. `behind_days_alert`: "Requiere atención" muestra a quien tiene más días de atraso que esto.',
    tags: [Tags.accounts],
    security: owner,
    body: accountSettingsSchema,
    response: { 200: accountSettingsResponseSchema, ...errors(400, 401, 403) },
  }),
  // GET /api/driver/account
  myAccount: routeSpec(DRIVER, {
    summary: 'Mi cuenta: saldo y últimos movimientos del conductor',
    tags: [Tags.driverApp],
    security: driver,
    response: { 200: myAccountResponseSchema, ...errors(401) },
  }),
};
