/**
 * "Pedir un taxi" (issue 36, item 5): the words and paths the passenger's request page and the
 * server share, without zod (the page is its own small bundle and imports only this and types).
 */

/** The page's path for a fleet's code (the code the fleet already hands its drivers). */
export const requestPath = (fleetCode: string) => `/pedir/${fleetCode}`;

/** The hidden field only a bot fills: filled, the request "succeeds" and nothing is stored. */
export const HONEYPOT_FIELD = 'sitio_web';

/** Where the taxi picks the passenger up. */
export const PICKUP_KINDS = ['ubicacion', 'lugar', 'mapa'] as const;
export type PickupKind = (typeof PICKUP_KINDS)[number];

/** The pickup's label on the desk's card when the passenger typed no reference. */
export const pickupDefaultLabels: Record<Exclude<PickupKind, 'lugar'>, string> = {
  ubicacion: 'Ubicación del pasajero (GPS)',
  mapa: 'Punto en el mapa (pasajero)',
};

export const REQUEST_LIMITS = { name: 80, notes: 300, reference: 200 } as const;

/** Every refusal the page can meet, in the passenger's words (usted, like the tracking page). */
export const TaxiRequestMessages = {
  /** An unknown code and a fleet whose page is off answer the same. */
  unknownFleet: 'Esta página de pedidos no existe o no está activa',
  /** A blocked number: no detail about why. */
  refused: 'No pudimos recibir su pedido por la web. Llame a la central para pedir su taxi.',
  openRequest: 'Ya tiene un pedido en curso con este número. Espere su taxi o llame a la central.',
  phoneHour: 'Este número ya hizo varios pedidos en la última hora. Intente más tarde o llame a la central.',
  address: 'Demasiados pedidos desde esta conexión. Intente más tarde o llame a la central.',
  unknownPlace: 'Ese lugar ya no está en la lista: elija otro o marque el punto en el mapa',
  phone: 'Teléfono inválido: 9 dígitos, por ejemplo +56 9 1234 5678',
  name: 'Escriba su nombre',
  pickup: 'Indique dónde lo recogemos',
} as const;
