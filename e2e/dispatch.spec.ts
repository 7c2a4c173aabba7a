/**
 * Despacho from the desk to the phone (issue 25), in Chromium against the real server: a desk at
 * 1366×768 and /conductor on a 390×844 phone with emulated geolocation, in their own contexts. The
 * Operador types a booking with the keyboard alone; the phone gets the offer with its countdown,
 * accepts, Llegué, Pasajero a bordo, Finalizar, while the board and the live map follow without a
 * reload. The desk passes an offer on before its timeout; a timeout and a refusal are shown apart;
 * the dispatch map shows the fleet and the assigned taxi coming;
 * a desk cancellation reaches the phone. A freshly opened Despacho hears an acceptance made while it
 * loads (issue 45), once at each moment of its load. Each journey brings its own drivers, in Papudo
 * (20 km from the demo taxis), and removes them. Screenshots (e2e/artifacts/screenshots/dispatch-*.png) are for a person to look at.
 */
import { expect, test, type Page } from './support/test';
import {
  apiDriverOnShift,
  boardCard,
  createDriver,
  createdBookingId,
  createPlace,
  DESK,
  deskOnDispatch,
  deskToken,
  Leftovers,
  north,
  OPERADOR_RUT,
  PAPUDO,
  person,
  PHONE,
  phoneOnShift,
} from './support/dispatch';
import { mapAtRest } from './support/liveMap';
import { logIn, screenshotPath } from './support/session';

const leftovers = new Leftovers();
test.afterEach(async ({ request }) => leftovers.clear(request));
// Each journey brings and removes its own drivers, so two workers (each with its own server) may take
// this file's journeys side by side; with one worker they run in order, as before.
test.describe.configure({ mode: 'parallel' });

/** The offer card on the phone. */
const offerCard = (page: Page) => page.getByRole('alertdialog', { name: 'Nuevo viaje ofrecido' });
const trip = (page: Page) => page.getByRole('region', { name: 'Tu viaje' });
/** The selected booking beside the desk's map. */
const detail = (page: Page, id: number) => page.getByRole('region', { name: `Reserva #${id}` });

/** A Chilean mobile number no other run used (the customer is new). */
const callerPhone = () => `9 ${String(Date.now() % 100_000_000).padStart(8, '0').replace(/(\d{4})(\d{4})/, '$1 $2')}`;

/**
 * How a freshly opened Despacho meets the acceptance, round by round: its first board answer, read
 * before the acceptance, held until the desk's socket has heard it (in flight); its socket's entry
 * into the fleet's room held until the acceptance was made and the board read (before the join); or
 * no hold, the booking made and accepted as the board's request leaves, or as the page's address
 * commits. Each within the page's first second or so, and each on a page just opened.
 */
const MOMENTS = ['in flight', 'before the join', 'as the board is asked', 'as the page opens'] as const;

/**
 * One round per moment. Issue 45 ran 20 (five per moment) to show the fix held; what decides each
 * moment's outcome is now pinned without a browser, every run: an acceptance heard while the board's
 * first answer is in flight, and a change made before the socket joined the fleet's room
 * (src/features/dispatch/BoardWhileLoading.test.tsx, a fake socket and MSW holding the answer). Here
 * each moment is crossed once on the real path (server, socket.io, Chromium); the two held ones are
 * held by the test, so they fall the same way on every run. Four rounds instead of twenty: about 80 s
 * of the browser suite (issue 50).
 */
const ROUNDS = MOMENTS.length;

test('a Despacho just opened shows a trip accepted while it loads as En curso, without a reload, at each moment of its load', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const who = person('Rocío', 'Vidal', 5);
  const driver = await createDriver(request, leftovers, who, 'DSPR55');
  const phone = await apiDriverOnShift(request, who);
  const headers = { authorization: `Bearer ${await deskToken(request, OPERADOR_RUT)}` };
  const desk = await browser.newContext({ viewport: DESK, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const signIn = await desk.newPage();
  await logIn(signIn, OPERADOR_RUT);
  await signIn.close();
  const results: string[] = [];

  for (let round = 0; round < ROUNDS; round += 1) {
    const moment = MOMENTS[round % MOMENTS.length];
    await phone.at(north(PAPUDO, 300)); // a fresh position: the nearest free taxi
    const page = await desk.newPage();

    // The desk's socket, passed through: what it hears, and its join held when the round says so.
    const heard: string[] = [];
    let releaseJoin = () => undefined as void;
    const joinReleased = new Promise<void>((resolve) => (releaseJoin = resolve));
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage(async (message) => {
        if (moment === 'before the join' && String(message).includes('join_owner_room')) await joinReleased;
        server.send(message);
      });
      server.onMessage((message) => {
        heard.push(String(message));
        socket.send(message);
      });
    });
    const joined = () => heard.some((message) => /^43\d*\[\{"ok":true/.test(message));

    // The board's first answer: fetched from the server when asked, handed over when the round says.
    let boardAsked = () => undefined as void;
    const asked = new Promise<void>((resolve) => (boardAsked = resolve));
    let handOver = () => undefined as void;
    const handedOver = new Promise<void>((resolve) => (handOver = resolve));
    // Resolved by the first answer handed to the page (a waitForResponse set up after it would wait
    // for a later reading, and hold the join long enough for the socket to time out).
    let boardAnswered = () => undefined as void;
    const answered = new Promise<void>((resolve) => (boardAnswered = resolve));
    await page.route('**/api/dispatch/bookings', async (route) => {
      const answer = await route.fetch();
      boardAsked();
      if (moment === 'in flight') await handedOver;
      await route.fulfill({ response: answer });
      boardAnswered();
    });

    const opened = page.goto('/dashboard/dispatch', { waitUntil: 'commit' });
    if (moment === 'as the page opens') await opened;
    else await asked;
    if (moment === 'in flight') await expect.poll(joined).toBe(true);
    if (moment === 'before the join') await answered;

    // The booking is made and offered, and the phone accepts it at once.
    const created = await request.post('/api/dispatch/bookings/create-and-offer', {
      headers,
      data: { customer_phone: `+569${String(70_000_000 + round)}`, pickup: { label: 'Plaza de Papudo', ...PAPUDO } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { booking } = (await created.json()) as { booking: { id: number; offer: { driver_id: number } | null } };
    leftovers.bookings.push(booking.id);
    expect(booking.offer?.driver_id).toBe(driver.id);
    await phone.accept(booking.id);

    if (moment === 'in flight') {
      // The desk heard the acceptance while its board answer was still on its way: now that answer arrives.
      await expect.poll(() => heard.some((message) => message.includes('"booking_changed"') && message.includes(`"id":${booking.id},`) && message.includes('"en_camino"'))).toBe(true);
      handOver();
    }
    if (moment === 'before the join') releaseJoin();
    await opened;

    await expect(boardCard(page, 'En curso', booking.id), `round ${round + 1} (${moment})`).toContainText('En camino');
    await expect(boardCard(page, 'Por asignar', booking.id)).toHaveCount(0);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    results.push(`${round + 1}: ${moment}`);

    // The desk cancels (one driver action a round: the phone's per-minute limit stays far away), and the taxi is free again.
    expect((await request.post(`/api/dispatch/bookings/${booking.id}/cancel`, { headers, data: { reason: 'Fin de la ronda' } })).ok()).toBe(true);
    await page.close();
  }
  console.log(`Despacho just opened, acceptance during its load: En curso in ${results.length} of ${ROUNDS} rounds`);
  expect(results).toEqual(MOMENTS.map((moment, round) => `${round + 1}: ${moment}`));
  await desk.close();
});

test('the Operador types a booking with the keyboard; the phone accepts it and drives the trip; board and live map follow', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const driver = person('Ignacio', 'Fuentes', 1);
  await createDriver(request, leftovers, driver, 'DSPF11');
  await createPlace(request, leftovers, 'Plaza de Papudo', PAPUDO);
  // 300 m away: farther than the 80 m at which the server says "En el lugar" by itself.
  const { phone, page: driverPage } = await phoneOnShift(browser, driver, north(PAPUDO, 300));

  const { desk, page } = await deskOnDispatch(browser, OPERADOR_RUT);
  // The desk's live map, in a second tab, follows the taxi's availability.
  const livePage = await desk.newPage();
  await livePage.goto('/dashboard');
  await livePage.getByRole('link', { name: 'Mapa en Vivo' }).click();
  const search = livePage.getByRole('complementary', { name: 'Buscar taxi' }).getByRole('searchbox', { name: 'Buscar por número, nombre o patente' });
  await search.fill('DSPF11');
  const liveEntry = livePage.getByRole('complementary', { name: 'Buscar taxi' }).getByRole('button', { name: /Ignacio Fuentes/ });
  await expect(liveEntry).toContainText('Libre');

  // The call: the phone field has the focus; everything after it is typed, Tab, Enter.
  const started = Date.now();
  await expect(page.getByLabel('Teléfono', { exact: true })).toBeFocused();
  await page.keyboard.type(callerPhone());
  await page.keyboard.press('Tab');
  await page.keyboard.type('Marta Aguilera');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Plaza de Papudo');
  await expect(page.getByLabel('Recogida', { exact: true })).toHaveValue('Plaza de Papudo');
  // The saved place's point is known: its free taxis show beside the map before the booking exists.
  const near = page.getByRole('region', { name: 'Taxis libres cerca de la recogida' }).getByRole('list', { name: 'Taxis libres más cercanos' });
  await expect(near.getByRole('listitem').first()).toContainText('Ignacio Fuentes');
  await expect(near.getByRole('listitem').first()).toContainText('DSPF11');
  await expect(near.getByRole('listitem').first()).toContainText(/\d+ min\s*\d+ m/);
  await page.keyboard.press('Tab'); // Destino (optional)
  await expect(page.getByLabel('Destino (opcional)', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab'); // Pasajeros
  await expect(page.getByLabel('Pasajeros', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab'); // Cuándo: Ahora
  await expect(page.getByRole('radio', { name: 'Ahora' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Notas', { exact: true })).toBeFocused();
  await page.keyboard.type('Portón verde, frente a la iglesia');
  await page.screenshot({ path: screenshotPath('dispatch-map-candidates') });
  await page.keyboard.press('Enter');
  const id = await createdBookingId(page);
  leftovers.bookings.push(id);
  console.log(`Despacho: booking typed and offered in ${((Date.now() - started) / 1000).toFixed(1)} s, keyboard only`);
  await expect(page.getByText(`Reserva #${id} creada y ofrecida al taxi libre más cercano`)).toBeVisible();
  await expect(boardCard(page, 'Por asignar', id)).toContainText('Ofrecido');
  await expect(detail(page, id).getByRole('status')).toContainText(/Ofrecida a Ignacio Fuentes \(DSPF11\): esperando respuesta · \d+ s/);
  // The form is empty again, its focus back on the phone, for the next call.
  await expect(page.getByLabel('Teléfono', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Teléfono', { exact: true })).toHaveValue('');

  // The phone rings: the offer with where, how far, the notes and a countdown.
  const offer = offerCard(driverPage);
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('heading', { name: 'Plaza de Papudo' })).toBeVisible();
  await expect(offer).toContainText(/(2|3)\d\d m · a \d+ min/);
  await expect(offer).toContainText('Portón verde, frente a la iglesia');
  const timer = offer.getByRole('timer');
  await expect(timer).toHaveText(/^\d+ s para responder$/);
  const first = Number(/\d+/.exec((await timer.textContent()) ?? '')?.[0]);
  await expect.poll(async () => Number(/\d+/.exec((await timer.textContent()) ?? '')?.[0])).toBeLessThan(first);
  await driverPage.screenshot({ path: screenshotPath('dispatch-phone-offer-390x844') });

  await offer.getByRole('button', { name: 'Aceptar' }).click();
  await expect(trip(driverPage).getByRole('status')).toHaveText('En camino al pasajero');
  await expect(driverPage.getByText('Ocupado: en un viaje')).toBeVisible();
  await expect(trip(driverPage).getByRole('navigation', { name: 'Navegar a recogida' }).getByRole('link')).toHaveCount(3);
  await expect(boardCard(page, 'En curso', id)).toContainText('En camino');
  await expect(boardCard(page, 'En curso', id)).toContainText('DSPF11');
  await expect(liveEntry).toContainText('Ocupado');
  await livePage.screenshot({ path: screenshotPath('dispatch-live-map-busy-1366x768') });
  await driverPage.screenshot({ path: screenshotPath('dispatch-phone-trip-390x844') });

  await trip(driverPage).getByRole('button', { name: 'Llegué' }).click();
  await expect(trip(driverPage).getByRole('status')).toHaveText('En el lugar: esperando al pasajero');
  await expect(boardCard(page, 'En curso', id)).toContainText('En el lugar');

  await trip(driverPage).getByRole('button', { name: 'Pasajero a bordo' }).click();
  await expect(trip(driverPage).getByRole('status')).toHaveText('Pasajero a bordo');
  await expect(boardCard(page, 'En curso', id)).toContainText('A bordo');
  await page.getByRole('region', { name: 'Tablero de viajes' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('dispatch-board-1366x768') });
  await driverPage.screenshot({ path: screenshotPath('dispatch-phone-on-board-390x844') });

  await trip(driverPage).getByRole('button', { name: 'Finalizar' }).click();
  await expect(trip(driverPage)).toHaveCount(0);
  await expect(driverPage.getByRole('radiogroup', { name: 'Disponibilidad' }).getByRole('radio', { name: 'Libre' })).toHaveAttribute('aria-checked', 'true');
  await expect(boardCard(page, 'Finalizados hoy', id)).toContainText('Finalizado');
  await expect(liveEntry).toContainText('Libre');

  // Nobody reloaded: the desk's first page is the one that typed the booking.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await desk.close();
  await phone.close();
});

test('the desk passes an offer to the next taxi before its timeout; a timeout and a refusal are shown apart', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const nearDriver = person('Paula', 'Soto', 2);
  const nextDriver = person('Renato', 'Díaz', 3);
  const lastDriver = person('Carla', 'Reyes', 7);
  await createDriver(request, leftovers, nearDriver, 'DSPB22');
  await createDriver(request, leftovers, nextDriver, 'DSPC33');
  await createDriver(request, leftovers, lastDriver, 'DSPK77');
  await createPlace(request, leftovers, 'Caleta de Papudo', PAPUDO);
  const { phone, page: driverPage } = await phoneOnShift(browser, nearDriver, north(PAPUDO, 300));
  // The second taxi, 1.5 km away, on a tracker (the driver API), not on /conductor.
  const next = await apiDriverOnShift(request, nextDriver);
  await next.at(north(PAPUDO, 1500));
  // The third, 4 km away, takes what the other two leave (the demo's taxis may be far, stale or
  // blocked by their papers after the other journeys: a full run once found none).
  const last = await apiDriverOnShift(request, lastDriver);
  await last.at(north(PAPUDO, 4000));

  const { desk, page } = await deskOnDispatch(browser);
  const book = async (notes: string) => {
    await page.getByLabel('Teléfono', { exact: true }).fill(callerPhone());
    await page.getByLabel('Recogida', { exact: true }).fill('Caleta de Papudo');
    await page.getByLabel('Notas', { exact: true }).fill(notes);
    await page.getByRole('button', { name: 'Crear reserva' }).click();
    const id = await createdBookingId(page, leftovers.bookings.at(-1));
    leftovers.bookings.push(id);
    return id;
  };
  const offerStatus = (id: number) => detail(page, id).getByRole('status').filter({ hasText: 'Ofrecida a' });

  // The desk does not wait on a silent taxi: Pasar al siguiente, long before the offer's 10 s.
  const passed = await book('Portón azul');
  await expect(offerCard(driverPage)).toBeVisible();
  await expect(offerStatus(passed)).toContainText(/Ofrecida a Paula Soto \(DSPB22\): esperando respuesta · \d+ s/);
  const secondsAtPass = Number(/· (\d+) s/.exec((await offerStatus(passed).textContent()) ?? '')?.[1]);
  await detail(page, passed).getByRole('button', { name: 'Pasar al siguiente' }).click();
  await expect(offerStatus(passed)).toContainText(/Ofrecida a Renato Díaz \(DSPC33\): esperando respuesta · \d+ s · antes: 1 sin respuesta$/);
  expect(secondsAtPass, 'passed on before the offer ran out').toBeGreaterThan(3);
  await expect(offerCard(driverPage)).toHaveCount(0);
  expect((await next.dispatchState()).offer?.booking.id).toBe(passed);
  await expect(boardCard(page, 'Por asignar', passed)).toContainText('ofrecida a Renato Díaz · 1 sin respuesta');
  // The taxi that left it unanswered is listed last for this booking, said in words; the desk may still give it to her.
  const listed = detail(page, passed).getByRole('list', { name: 'Taxis libres más cercanos' }).getByRole('listitem');
  await expect(listed.last()).toContainText('Paula Soto');
  await expect(listed.last()).toContainText('Dejó esta oferta sin respuesta');
  await page.screenshot({ path: screenshotPath('dispatch-offer-passed') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('dispatch-offer-passed-dark') });
  await page.emulateMedia({ colorScheme: 'light' });
  await detail(page, passed).getByRole('button', { name: 'Cancelar reserva' }).click();
  await detail(page, passed).getByRole('group', { name: 'Cancelar reserva' }).getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(boardCard(page, 'Finalizados hoy', passed)).toContainText('Cancelado');
  await expect.poll(async () => (await next.dispatchState()).offer).toBeNull();

  // Not answered: the countdown runs out on the phone and the server passes it on by itself (the
  // server judges expiry by the database's clock: the e2e server's offer is 10 s, DISPATCH_OFFER_SECONDS).
  await next.at(north(PAPUDO, 1500));
  await last.at(north(PAPUDO, 4000));
  const expired = await book('Timbre malo');
  const offer = offerCard(driverPage);
  await expect(offer).toBeVisible();
  const timer = offer.getByRole('timer');
  // Seconds left as shown; 0 once it says "La oferta expiró" or the card is gone.
  const secondsLeft = async () => Number(/\d+/.exec((await timer.allTextContents()).join(''))?.[0] ?? 0);
  await expect.poll(secondsLeft, { timeout: 30_000, intervals: [250] }).toBeLessThanOrEqual(3);
  await expect(offer).toHaveCount(0, { timeout: 10_000 });
  await expect(offerStatus(expired)).toContainText(/Ofrecida a Renato Díaz \(DSPC33\): esperando respuesta · \d+ s · antes: 1 sin respuesta$/);
  expect((await next.dispatchState()).offer?.booking.id).toBe(expired);
  // Refused by the next: it passes on again, to the third, and the desk reads which was which.
  await next.decline(expired);
  await expect(boardCard(page, 'Por asignar', expired)).toContainText('ofrecida a Carla Reyes · 1 sin respuesta, 1 rechazo');
  await expect(offerStatus(expired)).toContainText(/· antes: 1 sin respuesta, 1 rechazo$/);
  await page.screenshot({ path: screenshotPath('dispatch-offers-apart') });
  await page.setViewportSize(PHONE);
  await detail(page, expired).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('dispatch-offers-apart-390x844') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('dispatch-offers-apart-390x844-dark') });
  // The demo taxi holding it is freed for the other journeys.
  await detail(page, expired).getByRole('button', { name: 'Cancelar reserva' }).click();
  await detail(page, expired).getByRole('group', { name: 'Cancelar reserva' }).getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(boardCard(page, 'Finalizados hoy', expired)).toContainText('Cancelado');
  await desk.close();
  await phone.close();
});

test('the dispatch map shows the fleet before any pickup, and the assigned taxi coming, its estimate shrinking', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const atPickup = person('Tomás', 'Vidal', 5);
  const coming = person('Elena', 'Muñoz', 6);
  await createDriver(request, leftovers, atPickup, 'DSPH55');
  await createDriver(request, leftovers, coming, 'DSPJ66');
  await createPlace(request, leftovers, 'Muelle de Papudo', PAPUDO);
  const standing = await apiDriverOnShift(request, atPickup);
  await standing.at(north(PAPUDO, 5));
  const taxi = await apiDriverOnShift(request, coming);
  await taxi.at(north(PAPUDO, 1500));

  const { desk, page } = await deskOnDispatch(browser);
  const map = page.getByRole('region', { name: 'Mapa de despacho' });
  await expect(map.locator('canvas')).toBeVisible();
  // For the person looking at it: the tiles and taxi icons drawn (two equal frames), not a fixed 2 s.
  await mapAtRest(page, map.locator('canvas'));
  await page.screenshot({ path: screenshotPath('dispatch-map-fleet') });

  await page.getByLabel('Teléfono', { exact: true }).fill(callerPhone());
  await page.getByLabel('Recogida', { exact: true }).fill('Muelle de Papudo');
  await page.getByRole('checkbox', { name: 'Ofrecer al taxi libre más cercano' }).uncheck();
  await page.getByRole('button', { name: 'Crear reserva' }).click();
  const id = await createdBookingId(page);
  leftovers.bookings.push(id);
  // Candidate #1 stands at the pickup: its tag and the pickup's label never cover each other.
  const firstTag = map.locator('.flota-candidate-pin').filter({ hasText: /^1/ });
  const pickupLabel = map.locator('.flota-pickup-pin');
  await expect(firstTag).toBeVisible();
  await expect(pickupLabel).toBeVisible();
  const apart = async () => {
    const [tag, label] = [await firstTag.boundingBox(), await pickupLabel.boundingBox()];
    return !!tag && !!label && (tag.y + tag.height <= label.y || label.y + label.height <= tag.y || tag.x + tag.width <= label.x || label.x + label.width <= tag.x);
  };
  // Sampled through the camera's fit and after it: apart every time.
  for (let sample = 0; sample < 5; sample += 1) {
    expect(await apart(), 'candidate #1’s tag and the pickup label apart').toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  }
  await page.screenshot({ path: screenshotPath('dispatch-map-candidate-at-pickup') });

  await detail(page, id).getByRole('button', { name: 'Asignar a Elena Muñoz' }).click();
  await expect(boardCard(page, 'En curso', id)).toContainText('Asignado');
  const enRoute = map.getByRole('status', { name: /^Elena Muñoz · DSPJ66 en camino a la recogida/ });
  await expect(enRoute).toContainText(/En camino · 5 min · 1,5 km/);
  await expect(enRoute).toBeInViewport();
  const before = await enRoute.boundingBox();
  await taxi.at(north(PAPUDO, 900));
  await expect(enRoute).toContainText(/En camino · 3 min · 90\d m/);
  await taxi.at(north(PAPUDO, 400));
  await expect(enRoute).toContainText(/En camino · 1 min · 40\d m/);
  await expect(enRoute).toBeInViewport();
  const after = await enRoute.boundingBox();
  // It moved on the screen toward the pickup (south, so down).
  expect((after?.y ?? 0) - (before?.y ?? 0)).toBeGreaterThan(20);
  await page.screenshot({ path: screenshotPath('dispatch-map-en-route') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('dispatch-map-en-route-dark') });
  await page.setViewportSize(PHONE);
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('dispatch-map-en-route-390x844-dark') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: screenshotPath('dispatch-map-en-route-390x844') });
  await detail(page, id).getByRole('button', { name: 'Cancelar reserva' }).click();
  await detail(page, id).getByRole('group', { name: 'Cancelar reserva' }).getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(boardCard(page, 'Finalizados hoy', id)).toContainText('Cancelado');
  await desk.close();
});

test('the desk assigns a taxi directly and cancels: the phone is told why', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const driver = person('Sofía', 'Carrasco', 4);
  await createDriver(request, leftovers, driver, 'DSPD44');
  await createPlace(request, leftovers, 'Playa Chica de Papudo', PAPUDO);
  const { phone, page: driverPage } = await phoneOnShift(browser, driver, north(PAPUDO, 300));

  const { desk, page } = await deskOnDispatch(browser);
  await page.getByLabel('Teléfono', { exact: true }).fill(callerPhone());
  await page.getByLabel('Recogida', { exact: true }).fill('Playa Chica de Papudo');
  await page.getByRole('checkbox', { name: 'Ofrecer al taxi libre más cercano' }).uncheck();
  await page.getByRole('button', { name: 'Crear reserva' }).click();
  const id = await createdBookingId(page);
  leftovers.bookings.push(id);
  await expect(boardCard(page, 'Por asignar', id)).toContainText('Pendiente');
  await detail(page, id).getByRole('button', { name: 'Asignar a Sofía Carrasco' }).click();
  await expect(boardCard(page, 'En curso', id)).toContainText('Asignado');
  await expect(trip(driverPage).getByRole('status')).toHaveText('Viaje asignado: ve a buscar al pasajero');

  await detail(page, id).getByRole('button', { name: 'Cancelar reserva' }).click();
  await detail(page, id).getByRole('group', { name: 'Cancelar reserva' }).getByLabel('Motivo').selectOption('El cliente canceló');
  await detail(page, id).getByRole('button', { name: 'Confirmar cancelación' }).click();
  await expect(boardCard(page, 'Finalizados hoy', id)).toContainText('Motivo: El cliente canceló');
  await expect(driverPage.getByRole('alert')).toHaveText('La central canceló el viaje: El cliente canceló.');
  await expect(trip(driverPage)).toHaveCount(0);
  await expect(driverPage.getByRole('radiogroup', { name: 'Disponibilidad' }).getByRole('radio', { name: 'Libre' })).toHaveAttribute('aria-checked', 'true');
  await driverPage.screenshot({ path: screenshotPath('dispatch-phone-cancelled-390x844') });

  // Despacho on a phone: the form, the map and the board, one under the other, nothing sideways.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Crear reserva' })).toBeVisible();
  const { documentWidth, viewport } = await page.evaluate(() => ({ documentWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(documentWidth, `Despacho: document ${documentWidth} px wide on a ${viewport} px screen`).toBe(viewport);
  await page.screenshot({ path: screenshotPath('dispatch-390x844') });
  await page.getByRole('region', { name: 'Tablero de viajes' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('dispatch-board-390x844') });
  await desk.close();
  await phone.close();
});
