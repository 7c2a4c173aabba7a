/**
 * /conductor: the driver's page on a phone (a lazy chunk of the SPA). Sign in, see the assigned
 * vehicle, start and end the shift; while the page is open and the shift runs, the phone's
 * positions go to the driver API. Its session is the driver's own, apart from the desk's, and lives
 * in the store (./state/conductorSlice.ts), kept on the phone by a listener that hears sign-ins and
 * sign-outs (never a time-travel jump).
 */
import { addListener, isAnyOf } from '@reduxjs/toolkit';
import { useLayoutEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { driverSessionExpired } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LogoMark } from '../../components/LogoMark';
import { prefixedStorage } from '../../lib/storage';
import { DriverSignIn } from './DriverSignIn';
import { fleetCodeFor, readDriverSession, saveDriverSession } from './driverSession';
import { MyAccount } from './MyAccount';
import { MyDocuments } from './MyDocuments';
import { ShiftPanel } from './ShiftPanel';
import { conductorClosed, conductorOpened, selectConductor, selectDriverSession, sessionRestored, signedOut } from './state/conductorSlice';
import { driverApi } from './state/driverApi';
import './conductor.css';

export function ConductorPage() {
  const dispatch = useAppDispatch();
  const storagePrefix = useAppSelector((state) => state.config.storagePrefix);
  const storage = useMemo(() => prefixedStorage(storagePrefix), [storagePrefix]);
  const [params] = useSearchParams();
  const fleetCode = useMemo(() => fleetCodeFor(storage, params.get('flota')), [storage, params]);
  const session = useAppSelector(selectDriverSession);
  const { notice } = useAppSelector(selectConductor);

  // Before the first paint: the session kept on this phone, the driver's socket, and the keeping.
  useLayoutEffect(() => {
    const stored = readDriverSession(storage);
    if (stored) dispatch(sessionRestored(stored));
    dispatch(conductorOpened());
    const stopKeeping = dispatch(
      addListener({
        matcher: isAnyOf(driverApi.endpoints.driverLogin.matchFulfilled, signedOut, driverSessionExpired),
        effect: (_action, listenerApi) => saveDriverSession(storage, selectDriverSession(listenerApi.getState() as never)),
      }),
    );
    return () => {
      stopKeeping();
      dispatch(conductorClosed());
    };
  }, [dispatch, storage]);

  return (
    <main className="flota-conductor">
      <header className="flota-conductor__brand">
        <LogoMark />
        <h1 className="flota-conductor__title">Flota · Conductor</h1>
      </header>
      {session ? <ShiftPanel session={session} storage={storage} /> : <DriverSignIn fleetCode={fleetCode} notice={notice} />}
      {session && <MyDocuments driverId={session.driver.id} />}
      {session && <MyAccount driverId={session.driver.id} />}
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
