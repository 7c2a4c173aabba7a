import { screen, waitFor, within } from '@testing-library/react';
import { fleetRequests, setFleet } from '../../testing/fakeFleet';
import { makeDriver, makeVehicle } from '../../testing/fixtures';
import { renderApp } from '../../testing/renderApp';

const DEVICE_ID = '9f3c2a1b8e7d6c5b4a39281706f5e4d3';

function fleetWithDevice() {
  const { plate_number: _plate, ...juan } = makeDriver();
  const { driver_id: _d, driver_first_name: _f, driver_last_name: _l, ...vehicle } = makeVehicle();
  setFleet({ drivers: [juan], vehicles: [vehicle], deviceIds: { [juan.id]: DEVICE_ID } });
}

async function openJuan() {
  fleetWithDevice();
  const view = renderApp('/dashboard/drivers', { signedIn: true });
  // The first render of a file compiles the app's lazy routes: give it more than findBy's 1 s on a loaded machine.
  await view.user.click(await screen.findByRole('button', { name: 'Editar Juan Pérez' }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog', { name: 'Editar Conductor' });
  return { ...view, section: within(dialog).getByRole('region', { name: 'Teléfono del conductor' }) };
}

describe("the driver modal's phone setup", () => {
  it('shows the QR code and the Traccar Client settings: server URL, identifier, frequency', async () => {
    const { section } = await openJuan();
    const qr = await within(section).findByRole('img', { name: 'Código QR para configurar Traccar Client' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src') as string)).toContain('<svg');
    expect(within(section).getByText('http://localhost/osmand')).toBeInTheDocument();
    expect(within(section).getByTestId('device-id')).toHaveTextContent(DEVICE_ID);
    // Read from the driver's own route: the list the page loaded never had it.
    expect(fleetRequests('GET /drivers/1/device-id')).toHaveLength(1);
    expect(within(section).getByText('Precisión alta, distancia 0, intervalo 10 segundos')).toBeInTheDocument();
    expect(within(section).getByText(/Instala/)).toHaveTextContent('Instala Traccar Client (gratis, Android o iPhone) en el teléfono del conductor.');
    expect(within(section).getByText('http://localhost/conductor?flota=LIGUA1')).toBeInTheDocument();
  });

  it('Generar nuevo identificador replaces it and redraws the QR code', async () => {
    const { section, user } = await openJuan();
    const before = (await within(section).findByRole('img', { name: /Código QR/ })).getAttribute('src');
    await user.click(within(section).getByRole('button', { name: 'Generar nuevo identificador' }));
    expect(await screen.findByText('Nuevo identificador generado: el anterior dejó de funcionar. Configura el teléfono de nuevo.')).toBeInTheDocument();
    expect(fleetRequests('POST /drivers/1/device-id')).toHaveLength(1);
    await waitFor(() => expect(within(section).getByTestId('device-id')).toHaveTextContent(/^nuevo/));
    expect(await within(section).findByRole('img', { name: /Código QR/ })).not.toHaveAttribute('src', before as string);
  });

  it('a new driver has no phone section until saved', async () => {
    fleetWithDevice();
    const view = renderApp('/dashboard/drivers', { signedIn: true });
    await view.user.click(await screen.findByRole('button', { name: '+ Nuevo Conductor' }));
    expect(screen.queryByRole('region', { name: 'Teléfono del conductor' })).not.toBeInTheDocument();
  });
});
