/** Loopback ports of the browser-test servers (override with env when they are taken). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4810);
export const E2E_TILE_PORT = Number(process.env.E2E_TILE_PORT ?? 4811);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
