import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { resetFleet } from './fakeFleet';
import { server } from './mswServer';

// findBy/waitFor wait up to 5 s, not 1: on a shared, loaded machine a lazy screen can take longer
// to appear (a CI run beside other work once took 3 s for the drivers' page), and only the waits
// that succeed get slower.
configure({ asyncUtilTimeout: 5000 });

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
