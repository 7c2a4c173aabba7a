/**
 * The REST API under /api (see DESIGN.md, Contract), one file per resource; this barrel keeps the
 * old import path working. New code may import the resource file directly.
 */
export * from './common';
export * from './auth';
export * from './drivers';
export * from './vehicles';
export * from './shifts';
export * from './history';
export * from './positions';
export * from './driverApi';
export * from './users';
export * from './activity';
export * from './health';
export * from './reports';
export * from './dispatch';
export * from './tracking';
export * from './taxiRequests';
export * from './replay';
export * from './notifications';
export * from './accounts';
export * from './fares';
export * from './money';
export * from './alerts';
export * from './documents';
export * from './maintenance';
