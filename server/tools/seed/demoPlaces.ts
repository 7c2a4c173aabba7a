/**
 * The demo fleet's saved places around La Ligua (Lugares): where callers in a small town ask to be
 * picked up, with the names they use for them. Points are approximate (good to a block or so):
 * demo data for trying the desk, not a gazetteer.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

export const DEMO_PLACES: { name: string; address: string; aliases: string[]; latitude: number; longitude: number }[] = [
  { name: 'Plaza de Armas de La Ligua', address: 'Ortiz de Rozas con Polanco', aliases: ['la plaza', 'plaza de armas'], latitude: -32.4519, longitude: -71.2264 },
  { name: 'Terminal de Buses La Ligua', address: 'Papudo 599', aliases: ['el terminal', 'los buses'], latitude: -32.4531, longitude: -71.2318 },
  { name: 'Hospital San Agustín', address: 'Diego Portales 1500', aliases: ['el hospital', 'la urgencia'], latitude: -32.4467, longitude: -71.2332 },
  { name: 'Municipalidad de La Ligua', address: 'Diego Portales 555', aliases: ['la muni', 'municipalidad'], latitude: -32.4508, longitude: -71.2282 },
  { name: 'Mercado Municipal', address: 'Uribe 330', aliases: ['el mercado', 'la feria'], latitude: -32.4532, longitude: -71.2255 },
  { name: 'Cesfam La Ligua', address: 'Avenida Los Héroes 250', aliases: ['el consultorio', 'la posta'], latitude: -32.4577, longitude: -71.2211 },
  { name: 'Estadio Municipal de La Ligua', address: 'Avenida Estadio s/n', aliases: ['el estadio'], latitude: -32.4489, longitude: -71.2209 },
  { name: 'Supermercado Unimarc', address: 'Avenida Portales 780', aliases: ['el unimarc', 'el súper'], latitude: -32.4496, longitude: -71.2306 },
  { name: 'Liceo Pulmahue', address: 'Avenida Pulmahue 1100', aliases: ['el liceo'], latitude: -32.4444, longitude: -71.2374 },
  { name: 'Cementerio Municipal', address: 'Camino a Valle Hermoso', aliases: ['el cementerio'], latitude: -32.4605, longitude: -71.2188 },
  { name: 'Plaza de Cabildo', address: 'Humeres con Prat, Cabildo', aliases: ['cabildo'], latitude: -32.4269, longitude: -71.0665 },
  { name: 'Copec Ruta 5, salida La Ligua', address: 'Ruta 5 Norte km 150', aliases: ['la bomba', 'la copec de la ruta'], latitude: -32.4736, longitude: -71.2697 },
];

export async function seedDemoPlaces(db: Kysely<Database> | Transaction<Database>, ownerId: number): Promise<void> {
  await db
    .insertInto('dispatch_places')
    .values(DEMO_PLACES.map((place) => ({ owner_id: ownerId, name: place.name, address: place.address, aliases: place.aliases.join('\n'), latitude: place.latitude, longitude: place.longitude })))
    .execute();
}
