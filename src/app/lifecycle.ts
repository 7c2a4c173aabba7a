import { createAction } from '@reduxjs/toolkit';

/** The host called unmount(): side-effect middlewares let go of what they hold (the socket). */
export const appUnmounted = createAction('app/unmounted');
