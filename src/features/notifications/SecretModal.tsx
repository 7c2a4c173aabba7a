import { useState } from 'react';
import { Modal } from '../../components/Modal';

/** An endpoint's signing secret, to paste into the receiver (docs/webhooks.md says how to verify). */
export function SecretModal({ secret, created, onClose }: { secret: string; created: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <Modal
      title={created ? 'Webhook agregado: su secreto' : 'Secreto del webhook'}
      onClose={onClose}
      closeLabel="Cerrar"
      actions={
        <button type="button" className="flota-button flota-button--primary" onClick={() => void copy()}>
          {copied ? 'Copiado' : 'Copiar secreto'}
        </button>
      }
    >
      <p>Cada entrega lleva la cabecera <code>Flota-Signature</code>: una firma HMAC-SHA256 con este secreto. Configúralo en el receptor para comprobar que el aviso viene de Flota.</p>
      <p className="flota-webhook-secret">
        <code aria-label="Secreto">{secret}</code>
      </p>
      <p className="flota-field__hint">Guárdalo como una contraseña. El Dueño y los administradores pueden volver a verlo aquí.</p>
    </Modal>
  );
}
