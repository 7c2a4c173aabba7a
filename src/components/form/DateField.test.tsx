import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateField } from './DateField';
import { TimeField } from './TimeField';

/** A form holding the stored day, as every screen does; what it holds is shown beside the field. */
function DayForm({ initial = '', max }: { initial?: string; max?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <label htmlFor="d">Fecha</label>
      <DateField id="d" value={day} max={max} onValueChange={setDay} />
      <output aria-label="guardado">{day}</output>
      <button type="button" onClick={() => setDay('')}>
        Limpiar
      </button>
      <button type="button" onClick={() => setDay('2026-01-31')}>
        Otra
      </button>
    </>
  );
}

describe('DateField: dd/mm/aaaa whatever the browser language', () => {
  it('reads a day typed day first with slashes, dashes or dots and hands the form YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    render(<DayForm />);
    const field = screen.getByLabelText('Fecha');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await user.type(field, '7-12-2026');
    expect(screen.getByLabelText('guardado')).toHaveTextContent('2026-12-07');
    await user.tab();
    expect(field).toHaveValue('07/12/2026');
    await user.clear(field);
    await user.type(field, '08.12.2026');
    expect(screen.getByLabelText('guardado')).toHaveTextContent('2026-12-08');
  });

  it('shows a stored day as 07/12/2026 and follows a value set from outside', async () => {
    const user = userEvent.setup();
    render(<DayForm initial="2026-12-07" />);
    const field = screen.getByLabelText('Fecha');
    expect(field).toHaveValue('07/12/2026');
    await user.click(screen.getByRole('button', { name: 'Otra' }));
    expect(field).toHaveValue('31/01/2026');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(field).toHaveValue('');
  });

  it('takes a pasted 2026-12-07 as that day, never as a month first', async () => {
    const user = userEvent.setup();
    render(<DayForm />);
    await user.click(screen.getByLabelText('Fecha'));
    await user.paste('2026-12-07');
    expect(screen.getByLabelText('guardado')).toHaveTextContent('2026-12-07');
  });

  it('says in Spanish what it cannot read, tied to the field, and hands the form nothing', async () => {
    const user = userEvent.setup();
    render(<DayForm />);
    const field = screen.getByLabelText('Fecha');
    await user.type(field, '31/02/2026');
    await user.tab();
    expect(screen.getByLabelText('guardado')).toBeEmptyDOMElement();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Escribe la fecha como dd/mm/aaaa, por ejemplo 07/12/2026.');
    expect(field).toHaveValue('31/02/2026');
    await user.clear(field);
    await user.type(field, '28/02/2026');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('guardado')).toHaveTextContent('2026-02-28');
  });

  it('names its latest day when a later one is typed', async () => {
    const user = userEvent.setup();
    render(<DayForm max="2026-12-07" />);
    const field = screen.getByLabelText('Fecha');
    await user.type(field, '08/12/2026');
    await user.tab();
    expect(field).toHaveAccessibleDescription('La fecha debe ser el 07/12/2026 o antes.');
  });
});

describe('TimeField: hh:mm, 24-hour', () => {
  function TimeForm() {
    const [time, setTime] = useState('');
    return (
      <>
        <label htmlFor="t">Hora</label>
        <TimeField id="t" value={time} onValueChange={setTime} />
        <output aria-label="guardada">{time}</output>
      </>
    );
  }

  it('reads 21:40 and 9:05 and writes them back with two digits', async () => {
    const user = userEvent.setup();
    render(<TimeForm />);
    const field = screen.getByLabelText('Hora');
    await user.type(field, '9:05');
    await user.tab();
    expect(field).toHaveValue('09:05');
    expect(screen.getByLabelText('guardada')).toHaveTextContent('09:05');
    await user.clear(field);
    await user.type(field, '21:40');
    expect(screen.getByLabelText('guardada')).toHaveTextContent('21:40');
  });

  it('refuses 25:00 with a Spanish reason', async () => {
    const user = userEvent.setup();
    render(<TimeForm />);
    const field = screen.getByLabelText('Hora');
    await user.type(field, '25:00');
    await user.tab();
    expect(screen.getByLabelText('guardada')).toBeEmptyDOMElement();
    expect(field).toHaveAccessibleDescription('Escribe la hora como hh:mm, de 00:00 a 23:59.');
  });
});
