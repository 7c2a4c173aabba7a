import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectThemePreference, themeChosen, type ThemePreference } from '../../components/theme/themeSlice';

const options: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Claro' },
  { value: 'dark', label: 'Oscuro' },
  { value: 'system', label: 'Sistema' },
];

/** Claro / Oscuro / Sistema in the top bar; the choice is remembered per user (themePersistence). */
export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const preference = useAppSelector(selectThemePreference);
  return (
    <div className="flota-theme-toggle" role="group" aria-label="Tema">
      {options.map((option) => (
        <button key={option.value} type="button" className="flota-theme-toggle__option" aria-pressed={preference === option.value} onClick={() => dispatch(themeChosen(option.value))}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
