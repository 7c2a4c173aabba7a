/**
 * Entities as the API sends them: the spec's snake_case names, integer ids, ISO 8601 UTC times.
 * Each lives with its resource now; this barrel keeps the old import path working.
 */
export * from './auth';
export * from './drivers';
export * from './vehicles';
export * from './shifts';
export * from './positions';
export * from './users';
export * from './activity';
