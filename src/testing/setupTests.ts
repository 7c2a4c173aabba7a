import '@testing-library/jest-dom';
import { resetFleet } from './fakeFleet';
import { server } from './mswServer';

// Requests nobody answers fail the test, except socket.io's, which the fake socket owns.
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      if (new URL(request.url).pathname.startsWith('/socket.io/')) return;
      print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  resetFleet();
  // A file that runs in Node's environment (the .xlsx read back: one realm's Uint8Array) has none.
  globalThis.localStorage?.clear();
});
afterAll(() => server.close());
