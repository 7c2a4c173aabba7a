import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { User } from '../../../contract/entities';
import { deskRoleLabels } from '../../../contract/roles';
import './userAccount.css';

// Opened a few times a year: its form, dialog and validation load when first asked for, not with
// the first screen (the /login budget, issue 20).
const ChangePasswordModal = lazy(async () => ({ default: (await import('./ChangePasswordModal')).ChangePasswordModal }));

/**
 * The top bar's account menu: the signed-in person and their role; opens to change one's own
 * password or sign out. Closes on Escape, on a click elsewhere and after a choice. `extra` (the
 * theme switch, composed in app/) shows under the menu on phones, where the top bar has no room.
 */
export function AccountMenu({ user, onLogOut, extra }: { user: User | null; onLogOut: () => void; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const role = user?.role ? deskRoleLabels[user.role] : '';
  return (
    <div className="flota-account" ref={rootRef}>
      <button
        type="button"
        className="flota-topbar__user flota-account__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // Starts with the visible text "Carolina Dueño" (WCAG 2.5.3, label in name): a voice-control
        // user says what they see; the full name and "Mi cuenta" follow for a screen reader.
        aria-label={`${user?.first_name ?? ''} ${role}: Mi cuenta, ${user?.first_name ?? ''} ${user?.last_name ?? ''}`}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The initial is drawn by CSS (data-initial), so the button's text is exactly its name's start. */}
        <span className="flota-avatar" aria-hidden="true" data-initial={user?.first_name?.charAt(0) ?? ''} />
        <span className="flota-account__who">
          <span>{user?.first_name}</span>{' '}
          <span className="flota-account__role">{role}</span>
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="flota-account__dropdown">
          <ul className="flota-account__menu" role="menu" id={menuId}>
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  setChangingPassword(true);
                }}
              >
                Cambiar contraseña
              </button>
            </li>
            <li role="none">
              <button type="button" role="menuitem" onClick={onLogOut}>
                Cerrar Sesión
              </button>
            </li>
          </ul>
          {extra && <div className="flota-account__extra">{extra}</div>}
        </div>
      )}
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordModal onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </div>
  );
}
