/** The accounts module's door: what other modules (and the seed, the benches) may use. */
export { chargeFleet, chargeAllFleets } from './chargePass';
export { fleetBalances } from './balances';
