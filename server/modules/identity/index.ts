/** The identity module's door: what other modules may use (they import nothing else of it). */
export { bearerToken, ownerId, signedInDriver, signedInUser } from './authenticate';
export { findDeskUser, insertDeskUser, listDeskUsers, rutSignsIn, softDeleteDeskUser, updateDeskUser } from './deskUsersRepo';
export { findDriverProfile, loadDriverStates, loadOnShiftDriverStates, type DriverState } from './driverAccountsRepo';
export { driverChanged, listenForDriverChanges, onDriverChanged, type DriverChangesListener } from './driverChanges';
export { findOwnerForLogin, fleetByCode, fleetFace, fleetIds, lockFleet } from './ownersRepo';
export { hashPassword, verifyPassword } from './passwords';
export { verifyDriverToken } from './tokens';
export { AccessTable, ACCESS_DENIED, isApiUrl } from './accessRules';
export type { DriverCache } from './driverCache';
export { createDriverDirectory } from './driverDirectory';
