/** One document in a taxi's or a driver's list: what it is, when it expires, and its file if it has one. */
import type { FleetDocument } from '../../../contract/documents';
import { Badge } from '../../components/Badge';
import { licenceStatus } from '../../lib/licence';
import { expiryText } from './expiryText';

export function DocumentLine({ document, onOpenFile }: { document: FleetDocument; onOpenFile: (document: FleetDocument) => void }) {
  const status = licenceStatus(document.expires_on, new Date());
  return (
    <li className={document.current ? undefined : 'flota-documents-list__history'}>
      <span>
        <strong>{document.label}</strong>
        {document.licence_class ? ` ${document.licence_class}` : ''}
        {document.number ? ` · N° ${document.number}` : ''} · {expiryText(document, new Date())}
        {document.current ? '' : ' (reemplazado)'}
      </span>
      <span className="flota-documents-slot">
        {document.current && status === 'expired' && <Badge tone="danger">Vencido</Badge>}
        {document.current && status === 'expiringSoon' && <Badge tone="warning">Vence pronto</Badge>}
        {document.file && (
          <button type="button" className="flota-button flota-button--secondary" onClick={() => onOpenFile(document)} aria-label={`Ver archivo de ${document.label}`}>
            Ver archivo
          </button>
        )}
      </span>
    </li>
  );
}
