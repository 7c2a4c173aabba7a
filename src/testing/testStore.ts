/**
 * The app's real store for a test that renders one part of a screen (a feature's test may not import
 * src/app/store.ts itself: features reach app/ only for the api, hooks and config). Signed in as the
 * demo owner unless told otherwise; the socket is a fake one.
 */
import { makeStore, type StoreOptions } from '../app/store';
import { prefixedStorage } from '../lib/storage';
import { fakeSocketFactory } from './fakeSocket';
import { demoToken, demoUser } from './fixtures';
import { API } from './apiEdge';

export function testStore({ signedIn = true, ...options }: Omit<StoreOptions, 'storage' | 'config'> & { signedIn?: boolean } = {}) {
  const storage = prefixedStorage('flota');
  if (signedIn) storage.write('session', { token: demoToken, user: demoUser });
  return makeStore({ config: { router: 'memory', apiBaseUrl: API, socketUrl: 'http://flota.test', devTools: false }, storage, createSocket: fakeSocketFactory().createSocket, ...options });
}
