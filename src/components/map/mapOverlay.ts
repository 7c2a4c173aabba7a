import type { ReactNode } from 'react';

/**
 * What a screen composed in src/app adds to a feature's map without the feature knowing it (the
 * zones on the live and dispatch maps): given the id of the layer it must stay below (the taxis),
 * or undefined before that layer exists, it returns its sources, layers and controls.
 */
export type MapOverlay = (belowLayerId: string | undefined) => ReactNode;
