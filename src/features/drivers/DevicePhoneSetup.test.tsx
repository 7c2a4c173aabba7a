import { screen, within } from '@testing-library/react';
import { fleetRequests, setFleet } from '../../testing/fakeFleet';
import { makeDriver, makeVehicle } from '../../testing/fixtures';
import { renderApp } from '../../testing/renderApp';

const DEVICE_ID = '9f3c2a1b8e7d6c5b4a39281706f5e4d3';

function fleetWithDevice() {
  const { plate_number: _plate, ...juan } = makeDriver({ device_id: DEVICE_ID });
  const { driver_id: _d, driver_first_name: _f, driver_last_name: _l, ...vehicle } = makeVehicle();
  setFleet({ drivers: [juan], vehicles: [vehicle] });
}

async function openJuan() {
  fleetWithDevice();
  const view = renderApp('/dashboard/drivers', { signedIn: true });
  await view.user.click(await screen.findByRole('button', { name: 'Editar Juan Pérez' }));
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
    const shown = within(section).getByTestId('device-id').textContent as string;
    expect(shown).not.toBe(DEVICE_ID);
    expect(shown).toMatch(/^nuevo/);
    expect(await within(section).findByRole('img', { name: /Código QR/ })).not.toHaveAttribute('src', before as string);
  });

  it('a new driver has no phone section until saved', async () => {
    fleetWithDevice();
    const view = renderApp('/dashboard/drivers', { signedIn: true });
    await view.user.click(await screen.findByRole('button', { name: '+ Nuevo Conductor' }));
    expect(screen.queryByRole('region', { name: 'Teléfono del conductor' })).not.toBeInTheDocument();
  });
});
