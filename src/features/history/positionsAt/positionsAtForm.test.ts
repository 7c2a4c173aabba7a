/** The picked date and time become the instant asked about, or a Spanish reason why not. */
import { defaultMoment, momentToIso } from './positionsAtForm';

describe('where-was-everyone moment', () => {
  const now = new Date(2026, 2, 10, 16, 30);

  it('reads the date and time in the browser zone', () => {
    expect(momentToIso({ date: '2026-03-10', time: '16:00' }, now)).toEqual({ iso: new Date(2026, 2, 10, 16, 0).toISOString() });
  });

  it('starts an hour ago, to the minute', () => {
    expect(defaultMoment(now)).toEqual({ date: '2026-03-10', time: '15:30' });
    expect(defaultMoment(new Date(2026, 2, 10, 0, 20))).toEqual({ date: '2026-03-09', time: '23:20' });
  });

  it('refuses a blank, a malformed or a future moment in Spanish', () => {
    expect(momentToIso({ date: '', time: '16:00' }, now)).toEqual({ error: 'Elige una fecha y una hora' });
    expect(momentToIso({ date: '2026-13-45', time: '16:00' }, now)).toEqual({ error: 'Fecha u hora inválida' });
    expect(momentToIso({ date: '2026-03-10', time: '17:00' }, now)).toEqual({ error: 'Elige un momento que ya pasó' });
  });
});
