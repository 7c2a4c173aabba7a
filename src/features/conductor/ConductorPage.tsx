/**
 * /conductor: the driver's page on a phone (a lazy chunk of the SPA). Sign in, see the assigned
 * vehicle, start and end the shift; while the page is open and the shift runs, the phone's
 * positions go to the driver API. Its session is the driver's own, apart from the owner's.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { LogoMark } from '../../components/LogoMark';
import { prefixedStorage } from '../../lib/storage';
import { driverApiClient } from './driverApiClient';
import { DriverSignIn } from './DriverSignIn';
import { fleetCodeFor, readDriverSession, saveDriverSession, type DriverSession } from './driverSession';
import { MyAccount } from './MyAccount';
import { MyDocuments } from './MyDocuments';
import { ShiftPanel } from './ShiftPanel';
import './conductor.css';

export function ConductorPage() {
  const { apiBaseUrl, storagePrefix } = useAppSelector((state) => state.config);
  const storage = useMemo(() => prefixedStorage(storagePrefix), [storagePrefix]);
  const [params] = useSearchParams();
  const fleetCode = useMemo(() => fleetCodeFor(storage, params.get('flota')), [storage, params]);
  const [session, setSession] = useState<DriverSession | null>(() => readDriverSession(storage));
  const [notice, setNotice] = useState<string | null>(null);
  const anonymousClient = useMemo(() => driverApiClient(apiBaseUrl, null), [apiBaseUrl]);

  const signedIn = (next: DriverSession) => {
    saveDriverSession(storage, next);
    setNotice(null);
    setSession(next);
  };
  const signedOut = useCallback(
    (text: string | null) => {
      saveDriverSession(storage, null);
      setNotice(text);
      setSession(null);
    },
    [storage],
  );

  return (
    <main className="flota-conductor">
      <header className="flota-conductor__brand">
        <LogoMark />
        <h1 className="flota-conductor__title">Flota · Conductor</h1>
      </header>
      {session ? (
        <ShiftPanel session={session} apiBaseUrl={apiBaseUrl} storage={storage} onSignedOut={signedOut} />
      ) : (
        <DriverSignIn client={anonymousClient} fleetCode={fleetCode} notice={notice} onSignedIn={signedIn} />
      )}
      {session && <MyDocuments apiBaseUrl={apiBaseUrl} token={session.token} />}
      {session && <MyAccount apiBaseUrl={apiBaseUrl} token={session.token} />}
      <aside className="flota-conductor__note" aria-label="Importante">
        <p>
          <strong>Importante:</strong> esta página envía tu posición solo mientras está abierta y con la pantalla encendida. Si el teléfono se bloquea o cambias de
          aplicación, el envío se detiene hasta que vuelvas.
        </p>
        <p>
          Para seguimiento todo el día, aun con el teléfono bloqueado, instala la aplicación gratuita <strong>Traccar Client</strong> (Android o iPhone) y pide a tu
          flota el código QR para configurarla.
        </p>
      </aside>
    </main>
  );
}
