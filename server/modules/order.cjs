/**
 * The server's module order, written once, lowest first (docs/architecture.md, "The rule of imports").
 * A module may import the index.ts of a module LOWER in this list, never a higher one: .eslintrc.cjs
 * builds each module's permitted imports from it, and `npm run arch` prints it beside the arrows the
 * code really has. A folder under server/modules/ that is missing here is refused by lint (every import
 * into or out of it) until it is written in its place.
 *
 * A lower module that must tell a higher one something offers a hook (positions' onAccepted, the
 * shift service's onEnded) or takes a function, instead of importing it.
 */
const moduleOrder = ['identity', 'desk', 'shifts', 'drivers', 'vehicles', 'documents', 'positions', 'dispatch', 'reports', 'tracking', 'alerts', 'maintenance', 'notifications', 'accounts'];

/**
 * Neighbours that may use each other's index.ts both ways. drivers and vehicles: assigning a vehicle
 * locks it, deleting a vehicle unassigns its driver. Their doors export repositories only, so no file
 * circle results (the architecture test counts them).
 */
const modulePairs = [['drivers', 'vehicles']];

module.exports = { moduleOrder, modulePairs };
