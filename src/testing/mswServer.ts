import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The network edge of the SPA tests: MSW answers /api with fixtures (see handlers.ts). */
export const server = setupServer(...handlers);
