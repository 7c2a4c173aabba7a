import type { Availability } from '../../../../contract/api';

/**
 * Libre / Fuera de servicio, the driver's own choice; Ocupado is set by a trip and shown, not chosen.
 */
export function AvailabilitySwitch({ availability, busy, onChange }: { availability: Availability; busy: boolean; onChange(next: 'libre' | 'fuera_de_servicio'): void }) {
  if (availability === 'ocupado') {
    return <p className="flota-availability flota-availability--ocupado">Ocupado: en un viaje</p>;
  }
  return (
    <div className="flota-availability" role="radiogroup" aria-label="Disponibilidad">
      {(['libre', 'fuera_de_servicio'] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={availability === value}
          className={`flota-availability__option flota-availability__option--${value}`}
          disabled={busy}
          onClick={() => availability !== value && onChange(value)}
        >
          {value === 'libre' ? 'Libre' : 'Fuera de servicio'}
        </button>
      ))}
    </div>
  );
}
