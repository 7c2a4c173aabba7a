/**
 * A taxi's or a driver's documents: the current ones and their history, each file, and (Dueño and
 * Administrador) the form that adds one with its scanned file. The server judges dates and files;
 * its Spanish texts show under the fields.
 */
import { useState } from 'react';
import { driverDocumentKinds, vehicleDocumentKinds, type DocumentKind } from '../../../contract/documents';
import { usePermissions } from '../../app/hooks';
import { LoadingText } from '../../components/LoadingText';
import { Modal } from '../../components/Modal';
import { AddDocumentForm } from './AddDocumentForm';
import { DocumentLine } from './DocumentLine';
import { useGetDocumentsQuery } from './documentsApi';
import { useDocumentFile } from './useDocumentFile';

export interface DocumentsSubject {
  vehicleId?: number;
  driverId?: number;
  /** The plate or the driver's name. */
  name: string;
}
export function DocumentsModal({ subject, onClose }: { subject: DocumentsSubject; onClose: () => void }) {
  const { manageFleet } = usePermissions();
  const query = useGetDocumentsQuery(subject.vehicleId ? { vehicle_id: subject.vehicleId } : { driver_id: subject.driverId });
  const openFile = useDocumentFile();
  const kinds: readonly DocumentKind[] = subject.vehicleId ? vehicleDocumentKinds : driverDocumentKinds;
  // A file that cannot be downloaded is said where the form says its own problems.
  const [formError, setFormError] = useState('');

  const documents = query.data ?? [];
  return (
    <Modal title={`Documentos de ${subject.name}`} onClose={onClose} closeLabel="Cerrar" wide>
      {query.isLoading ? (
        <LoadingText>Cargando documentos...</LoadingText>
      ) : documents.length ? (
        <ul className="flota-documents-list" aria-label={`Documentos de ${subject.name}`}>
          {documents.map((document) => (
            <DocumentLine key={document.id} document={document} onOpenFile={(d) => void openFile(d).catch(() => setFormError('No se pudo descargar el archivo'))} />
          ))}
        </ul>
      ) : (
        <p>Sin documentos registrados.</p>
      )}
      {manageFleet && (
        <AddDocumentForm subject={subject} kinds={kinds} formError={formError} setFormError={setFormError} />
      )}
    </Modal>
  );
}
