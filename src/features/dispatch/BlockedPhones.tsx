/**
 * "Pedir un taxi": the numbers the fleet's request page refuses, folded under the board beside the
 * tracking settings. Any desk role blocks a number (whoever takes the prank calls) and unblocks it.
 * A blocked passenger reads a plain "No pudimos recibir su pedido por la web", never why.
 */
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { noticeShown } from '../../components/notifications/notificationsSlice';
import { LoadingText } from '../../components/LoadingText';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';
import { formatPhoneCL } from '../../lib/format';
import { useBlockPhoneMutation, useGetBlockedPhonesQuery, useUnblockPhoneMutation } from './trackingLinkApi';

function BlockedList() {
  const dispatch = useAppDispatch();
  const { data: phones, isError, isLoading, refetch } = useGetBlockedPhonesQuery();
  const [block, blockState] = useBlockPhoneMutation();
  const [unblock, unblockState] = useUnblockPhoneMutation();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const blocked = await block({ phone }).unwrap();
      setPhone('');
      dispatch(noticeShown('success', `${formatPhoneCL(blocked.phone)} bloqueado para pedir por la web`));
    } catch (failure) {
      setError(apiFieldErrors(failure).phone ?? apiErrorMessage(failure, 'No se pudo bloquear el número'));
    }
  }

  async function remove(id: number, shown: string) {
    try {
      await unblock(id).unwrap();
      dispatch(noticeShown('success', `${shown} puede volver a pedir por la web`));
    } catch (failure) {
      dispatch(noticeShown('error', apiErrorMessage(failure, 'No se pudo desbloquear el número')));
    }
  }

  return (
    <>
      <form aria-label="Bloquear un número" onSubmit={(event) => void submit(event)} noValidate>
        <label>
          Número a bloquear
          <input type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} placeholder="+56 9 1234 5678" aria-invalid={error ? true : undefined} aria-describedby={error ? 'bloqueo-error' : undefined} />
        </label>
        {error && (
          <p id="bloqueo-error" className="flota-form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="flota-button flota-button--secondary" disabled={blockState.isLoading}>
          Bloquear
        </button>
      </form>
      {isLoading ? (
        <LoadingText>Cargando números bloqueados...</LoadingText>
      ) : isError ? (
        <p role="alert">
          No se pudieron cargar los números bloqueados.{' '}
          <button type="button" className="flota-link-button" onClick={() => void refetch()}>
            Reintentar
          </button>
        </p>
      ) : phones && phones.length ? (
        <ul className="flota-blocked-phones" aria-label="Números bloqueados">
          {phones.map((entry) => {
            const shown = formatPhoneCL(entry.phone);
            return (
              <li key={entry.id}>
                <span>{shown}</span>
                <button type="button" className="flota-link-button" disabled={unblockState.isLoading} onClick={() => void remove(entry.id, shown)} aria-label={`Desbloquear ${shown}`}>
                  Desbloquear
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="flota-booking-detail__meta">Ningún número bloqueado.</p>
      )}
    </>
  );
}

export function BlockedPhones() {
  const [open, setOpen] = useState(false);
  return (
    <details className="flota-tracking-settings" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>Pedir un taxi: números bloqueados</summary>
      <p className="flota-booking-detail__meta">La página web rechaza los pedidos de estos números con un mensaje que no menciona el bloqueo.</p>
      {open && <BlockedList />}
    </details>
  );
}
