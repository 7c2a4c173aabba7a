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
  localStorage.clear();
});
afterAll(() => server.close());
