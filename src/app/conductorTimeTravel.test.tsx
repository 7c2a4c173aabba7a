/**
 * Redux DevTools replays a driver's session on /conductor as it does the desk's
 * (./timeTravel.test.tsx): a whole session through the real store (sign in, Iniciar turno, an offer
 * on the driver's socket, Aceptar, Llegué, Pasajero a bordo, Finalizar, Terminar turno), every
 * action and the state after it recorded; the actions replayed into a fresh store that has only the
 * reducer give the same, JSON-safe states; and at each step the page drawn from the replayed state
 * alone (no request answered, no socket) reads as the driver's page read at that moment.
 */
import { configureStore, createListenerMiddleware, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ConductorRoute } from './ConductorRoute';
import { api } from './api';
import { rootReducer, type RootState } from './rootReducer';
import { fakeDriverServer, makeOffer } from '../testing/fakeDriverServer';
import { fakeSocketFactory } from '../testing/fakeSocket';
import { renderApp } from '../testing/renderApp';

const T0 = Date.parse('2026-11-27T14:00:00.000Z');

interface Step {
  action: UnknownAction;
  state: RootState;
}

/** What the driver read at a moment: the page's text, the step it followed and the phone's clock. */
interface Seen {
  label: string;
  step: number;
  now: number;
  text: string;
}

function recorder() {
  const steps: Step[] = [];
  let initial: RootState | undefined;
  const middleware: Middleware = (store) => (next) => (action) => {
    initial ??= store.getState() as RootState;
    const result = next(action);
    steps.push({ action: action as UnknownAction, state: store.getState() as RootState });
    return result;
  };
  return { middleware, steps, initial: () => initial as RootState };
}

const pageText = () => (document.querySelector('main.flota-conductor') as HTMLElement).textContent ?? '';

/** The page drawn over a store holding `state`, with no server answering in time and no socket. */
function drawnFrom(state: RootState): string {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: state,
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).prepend(listener.middleware).concat(api.middleware),
  });
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/conductor?flota=K7P4QX']}>
        <ConductorRoute />
      </MemoryRouter>
    </Provider>,
  );
  const text = (view.container.querySelector('main.flota-conductor') as HTMLElement).textContent ?? '';
  view.unmount();
  return text;
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

it('a recorded driver session replays action by action to the same states, and each step draws the same page', async () => {
  const phone = fakeDriverServer();
  const recording = recorder();
  const sockets = fakeSocketFactory();
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: () => true });
  const { user } = renderApp('/conductor?flota=K7P4QX', { createSocket: sockets.createSocket, extraMiddleware: [recording.middleware], userOptions: { advanceTimers: jest.advanceTimersByTime } });
  const seen: Seen[] = [];
  const look = (label: string) => seen.push({ label, step: recording.steps.length - 1, now: Date.now(), text: pageText() });
  const settle = () => act(() => jest.advanceTimersByTimeAsync(50));

  await user.type(await screen.findByLabelText('RUT', {}, { timeout: 10_000 }), '15.000.001-3');
  await user.type(screen.getByLabelText('Contraseña'), 'clave-1234');
  look('the sign-in form, filled in');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  await screen.findByRole('button', { name: 'Iniciar turno' });
  act(() => sockets.last.simulateConnect());
  await settle();
  look('signed in, no shift');

  await user.click(screen.getByRole('button', { name: 'Iniciar turno' }));
  await screen.findByText(/Esperando viajes/);
  await settle();
  look('on shift, waiting for trips');

  // An offer on the driver's socket, the server holding it too.
  const offer = makeOffer(15);
  phone.state.dispatch = { ...phone.state.dispatch, offer };
  act(() => sockets.last.serverEmit('offer', { offer }));
  await screen.findByRole('alertdialog', { name: 'Nuevo viaje ofrecido' });
  await settle();
  await act(() => jest.advanceTimersByTimeAsync(3000));
  look('an offer, 12 seconds left');

  await user.click(screen.getByRole('button', { name: 'Aceptar' }));
  await screen.findByRole('region', { name: 'Tu viaje' });
  await settle();
  look('the trip: on the way to the passenger');

  for (const [button, label] of [
    ['Llegué', 'at the pickup'],
    ['Pasajero a bordo', 'passenger on board'],
  ] as const) {
    await user.click(screen.getByRole('button', { name: button }));
    await screen.findByText(label === 'at the pickup' ? 'En el lugar: esperando al pasajero' : 'Pasajero a bordo', { selector: '[role="status"]' });
    await settle();
    look(label);
  }
  await user.click(within(screen.getByRole('region', { name: 'Tu viaje' })).getByRole('button', { name: 'Finalizar' }));
  await screen.findByText(/Esperando viajes/);
  await settle();
  look('trip finished, free again');

  await user.click(screen.getByRole('button', { name: 'Terminar turno' }));
  await user.click(screen.getByRole('button', { name: 'Sí, terminar turno' }));
  await screen.findByRole('button', { name: 'Iniciar turno' });
  await settle();
  look('shift ended');

  const { steps } = recording;
  const types = steps.map((step) => step.action.type);
  // The session is what the test says it is, in the driver's own actions and requests.
  expect(types).toEqual(expect.arrayContaining(['conductor/opened', 'realtime/connected', 'api/queries/queryResultPatched', 'api/executeMutation/fulfilled']));
  const mutations = steps
    .map(({ action }) => action as UnknownAction & { meta?: { arg?: { endpointName?: string } } })
    .filter((action) => action.type === 'api/executeMutation/fulfilled')
    .map((action) => action.meta?.arg?.endpointName);
  expect(mutations).toEqual(['driverLogin', 'startShift', 'acceptOffer', 'tripAction', 'tripAction', 'tripAction', 'endShift']);
  expect(seen.map(({ label }) => label)).toHaveLength(9);

  // Replay into a fresh store: the reducer and RTK's checks, no side effects.
  const replay = configureStore({ reducer: rootReducer, preloadedState: recording.initial() });
  const replayed: RootState[] = [];
  steps.forEach(({ action, state }, index) => {
    replay.dispatch(action);
    replayed.push(replay.getState());
    try {
      expect(replay.getState()).toStrictEqual(state);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    } catch (error) {
      throw new Error(`after action ${index} (${action.type}): ${(error as Error).message}`);
    }
  });

  // Each moment the driver saw, drawn again from the replayed state of that step at that clock.
  localStorage.clear();
  for (const moment of seen) {
    jest.setSystemTime(moment.now);
    expect({ label: moment.label, text: drawnFrom(replayed[moment.step]) }).toEqual({ label: moment.label, text: moment.text });
  }
  // Each moment differs from the one before: the page moved with the state at every step.
  seen.slice(1).forEach((moment, at) => expect(moment.text).not.toBe(seen[at].text));
}, 60_000);
