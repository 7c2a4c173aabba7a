import { useSyncExternalStore } from 'react';
import { registeredStyles, subscribeToStyles } from '../lib/styleRegistry';

/** The embed bundle's CSS, inside the app's own container (nothing when the CSS is in files). */
export function RegisteredStyles() {
  const sheets = useSyncExternalStore(subscribeToStyles, registeredStyles, registeredStyles);
  return (
    <>
      {sheets.map((css, index) => (
        <style key={index} data-flota-style="">
          {css}
        </style>
      ))}
    </>
  );
}
