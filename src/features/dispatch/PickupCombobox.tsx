/**
 * The pickup field: a text box with one list of suggestions under it (the ARIA 1.2 combobox
 * pattern). Typing opens the list; ↓ and ↑ move through it; Enter takes the highlighted one (or the
 * first, when nothing typed names a point yet) and, with a point chosen, sends the form as any Enter
 * does; Escape closes it. Each suggestion says where it comes from (del cliente, lugar guardado,
 * usada antes, buscador).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { suggestionSourceLabels } from '../../../contract/api';
import type { FieldControlProps } from '../../components/form/Field';
import type { PickupOption } from './pickupOptions';

export function PickupCombobox({
  control,
  value,
  options,
  chosen,
  onType,
  onChoose,
}: {
  control: FieldControlProps;
  value: string;
  options: readonly PickupOption[];
  /** Whether the typed text already names a point (then Enter sends the form). */
  chosen: boolean;
  onType(text: string): void;
  onChoose(option: PickupOption): void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function choose(option: PickupOption) {
    onChoose(option);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((current) => (shown ? (current + step + options.length) % options.length : step === 1 ? 0 : options.length - 1));
    } else if (event.key === 'Enter' && shown && (active >= 0 || !chosen)) {
      // Enter takes a suggestion; the next Enter (a point chosen, the list closed) sends the form.
      event.preventDefault();
      choose(options[Math.max(active, 0)]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="flota-combobox">
      <input
        {...control}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onType(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {/* tabIndex -1: a long list scrolls, and Chromium puts scrollable boxes in the Tab order; Tab
          from the field then landed on the list, whose opening field's blur hid it, and the focus was
          lost instead of reaching Destino. The options are reached with ↓↑, as the pattern says. */}
      <ul id={listId} role="listbox" aria-label="Sugerencias para la recogida" className="flota-combobox__list" hidden={!shown} tabIndex={-1}>
        {shown &&
          options.map((option, index) => (
            <li
              key={`${option.source}:${option.label}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="flota-combobox__option"
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
            >
              <span className="flota-combobox__label">{option.label}</span>
              <span className="flota-combobox__detail">{[suggestionSourceLabels[option.source], option.detail].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
