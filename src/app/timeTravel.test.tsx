/**
 * Redux DevTools replays a session by running the recorded actions through the reducer again. This
 * drives a whole session through the real store (real screens, MSW for HTTP, the fake socket),
 * records every action and the state after it, replays the actions into a fresh store that has the
 * reducer and RTK's checks but no side effects, and requires every intermediate state to match and
 * to survive a JSON round trip.
 */
import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { act, screen, within } from '@testing-library/react';
import { fakeSocketFactory } from '../testing/fakeSocket';
import { mapStandIn } from '../testing/reactMapGlStandIn';
import { renderApp } from '../testing/renderApp';
import { rootReducer, type RootState } from './rootReducer';

interface Step {
  action: UnknownAction;
  state: RootState;
}

function recorder() {
  const steps: Step[] = [];
  let initial: RootState | undefined;
  const middleware: Middleware = (api) => (next) => (action) => {
    initial ??= api.getState() as RootState;
    const result = next(action);
    steps.push({ action: action as UnknownAction, state: api.getState() as RootState });
    return result;
  };
  return { middleware, steps, initial: () => initial as RootState };
}

const LOCATION_BATCHES = 100;
const FLUSH_MS = 250;

/** "…Middleware took 140ms": how long a check took on a busy machine, not a finding about the state. */
const SLOW_CHECK_NOTICE = /Middleware took \d+ms, which is more than the warning threshold/;

/** RTK's serializable and immutable checks report through the console (or throw): any report fails the test. */
function failOnConsoleReports() {
  const reports: unknown[][] = [];
  const record = (...args: unknown[]) => {
    if (!SLOW_CHECK_NOTICE.test(String(args[0]))) reports.push(args);
  };
  jest.spyOn(console, 'error').mockImplementation(record);
  jest.spyOn(console, 'warn').mockImplementation(record);
  return reports;
}

beforeEach(() => {
  mapStandIn.reset();
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('a recorded session replays action by action to the same, JSON-safe states', async () => {
  const reports = failOnConsoleReports();
  const recording = recorder();
  const sockets = fakeSocketFactory();
  const { user, store } = renderApp('/login', {
    createSocket: sockets.createSocket,
    extraMiddleware: [recording.middleware],
    userOptions: { advanceTimers: jest.advanceTimersByTime },
  });

  // Log in.
  await user.type(await screen.findByLabelText('RUT'), '12345678');
  await user.type(screen.getByLabelText('Contraseña'), 'flota-demo');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  await screen.findByRole('heading', { name: 'Panel de Control' });

  // Load the lists.
  await user.click(screen.getByRole('link', { name: 'Vehículos' }));
  await screen.findByRole('heading', { level: 2, name: 'BCDF12' });
  await user.click(screen.getByRole('link', { name: 'Conductores' }));
  await screen.findByRole('heading', { level: 2, name: 'Juan Pérez' });

  // Create a driver, then edit it.
  await user.click(screen.getByRole('button', { name: '+ Nuevo Conductor' }));
  await user.type(screen.getByLabelText('RUT'), '15.678.234-3');
  await user.type(screen.getByLabelText('Nombre'), 'Pedro');
  await user.type(screen.getByLabelText('Apellido'), 'Rojas');
  await user.type(screen.getByLabelText('Contraseña'), 'secreta123');
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  await screen.findByRole('heading', { level: 2, name: 'Pedro Rojas' });
  await user.click(screen.getByRole('button', { name: 'Editar Pedro Rojas' }));
  const phone = within(screen.getByRole('dialog', { name: 'Editar Conductor' })).getByLabelText('Teléfono');
  await user.type(phone, '+56 9 5555 0000');
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  await screen.findByText('+56 9 5555 0000');

  // Open the map: the socket connects and the snapshot loads.
  await user.click(screen.getByRole('link', { name: 'Mapa en Vivo' }));
  await screen.findByRole('heading', { name: 'Conductores Activos' });
  const socket = sockets.last;
  act(() => socket.simulateConnect());

  // A hundred location batches: three taxis move, the middleware flushes each round as one action.
  const start = Date.now();
  for (let batch = 1; batch <= LOCATION_BATCHES; batch += 1) {
    act(() => {
      for (const shiftId of [1, 2, 3]) {
        socket.serverEmit('location_update', {
          shift_id: shiftId,
          latitude: -32.45 + batch * 0.0001 * shiftId,
          longitude: -71.22 - batch * 0.0001,
          timestamp: new Date(start + batch * 1000).toISOString(),
        });
      }
      jest.advanceTimersByTime(FLUSH_MS);
    });
  }

  // Select a taxi, then pan and zoom.
  const list = within(screen.getByRole('region', { name: 'Conductores Activos' })).getByRole('list');
  await user.click(within(list).getAllByRole('button')[1]);
  act(() => mapStandIn.map?.jumpTo({ center: [-71.25, -32.43], zoom: 15 }));
  act(() => mapStandIn.map?.jumpTo({ center: [-71.2, -32.46], zoom: 12 }));

  // Leave the map.
  await user.click(screen.getByRole('link', { name: 'Historial' }));
  await screen.findByRole('heading', { name: 'Historial de Turnos' });
  act(() => jest.advanceTimersByTime(60_000)); // notices expire, RTK Query settles its subscriptions

  const { steps } = recording;
  const types = steps.map((step) => step.action.type);
  // The session is what the test says it is.
  expect(types.filter((type) => type === 'activeShifts/locationsReceived')).toHaveLength(LOCATION_BATCHES);
  expect(types).toEqual(expect.arrayContaining(['liveMap/opened', 'realtime/connected', 'liveMap/shiftSelected', 'liveMap/viewChanged', 'liveMap/closed']));
  // (StrictMode opens and closes the map once more on mount.)
  expect(types.lastIndexOf('liveMap/closed')).toBeGreaterThan(types.lastIndexOf('liveMap/viewChanged'));
  expect(store.getState().liveMap).toMatchObject({ center: [-71.2, -32.46], zoom: 12, selectedShiftId: expect.any(Number) });
  expect(store.getState().auth.status).toBe('authenticated');
  const mutations = steps
    .map(({ action }) => action as UnknownAction & { meta?: { arg?: { endpointName?: string } } })
    .filter((action) => action.type === 'api/executeMutation/fulfilled')
    .map((action) => action.meta?.arg?.endpointName);
  expect(mutations).toEqual(['login', 'createDriver', 'updateDriver']);

  // Replay into a fresh store: the reducer and RTK's checks, no side effects.
  const replay = configureStore({ reducer: rootReducer, preloadedState: recording.initial() });
  steps.forEach(({ action, state }, index) => {
    replay.dispatch(action);
    const replayed = replay.getState();
    try {
      expect(replayed).toStrictEqual(state);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    } catch (error) {
      throw new Error(`after action ${index} (${action.type}): ${(error as Error).message}`);
    }
  });
  expect(replay.getState()).toStrictEqual(store.getState());
  expect(reports).toEqual([]);
}, 30_000); // a whole session through five screens (each a lazy chunk): slow on a busy machine
