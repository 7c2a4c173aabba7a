/** What the driver reads when the phone cannot give a position, in plain Spanish. */
export const GeolocationMessages = {
  unsupported: 'Este navegador no puede obtener tu ubicación. Usa Chrome o Safari actualizados.',
  denied: 'Permiso de ubicación denegado: actívalo en los ajustes del navegador para esta página y vuelve a iniciar el turno.',
  unavailable: 'Sin señal GPS: no se puede obtener tu ubicación. Revisa que la ubicación del teléfono esté activada.',
  timeout: 'El GPS tarda en responder; seguimos intentando.',
} as const;

export function geolocationErrorText(error: Pick<GeolocationPositionError, 'code'>): string {
  if (error.code === 1) return GeolocationMessages.denied;
  if (error.code === 3) return GeolocationMessages.timeout;
  return GeolocationMessages.unavailable;
}
