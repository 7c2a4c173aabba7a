/**
 * A taxi's or a driver's documents: the current ones and their history, each file, and (Dueño and
 * Administrador) the form that adds one with its scanned file. The server judges dates and files;
 * its Spanish texts show under the fields.
 */
import { DateField } from '../../components/form/DateField';
import { useState, type FormEvent } from 'react';
import {
  documentKindLabels,
  driverDocumentKinds,
  licenceClasses,
  MAX_DOCUMENT_FILE_BYTES,
  vehicleDocumentKinds,
  type DocumentKind,
  type FleetDocument,
} from '../../../contract/documents';
import { usePermissions } from '../../app/hooks';
import { Badge } from '../../components/Badge';
import { Field } from '../../components/form/Field';
import { LoadingText } from '../../components/LoadingText';
import { Modal } from '../../components/Modal';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';
import { licenceStatus } from '../../lib/licence';
import { useCreateDocumentMutation, useGetDocumentsQuery, useUploadDocumentFileMutation } from './documentsApi';
import { expiryText } from './expiryText';
import { useDocumentFile } from './useDocumentFile';

export interface DocumentsSubject {
  vehicleId?: number;
  driverId?: number;
  /** The plate or the driver's name. */
  name: string;
}

function DocumentLine({ document, onOpenFile }: { document: FleetDocument; onOpenFile: (document: FleetDocument) => void }) {
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

export function DocumentsModal({ subject, onClose }: { subject: DocumentsSubject; onClose: () => void }) {
  const { manageFleet } = usePermissions();
  const query = useGetDocumentsQuery(subject.vehicleId ? { vehicle_id: subject.vehicleId } : { driver_id: subject.driverId });
  const [createDocument, created] = useCreateDocumentMutation();
  const [uploadFile, uploaded] = useUploadDocumentFileMutation();
  const openFile = useDocumentFile();
  const kinds: readonly DocumentKind[] = subject.vehicleId ? vehicleDocumentKinds : driverDocumentKinds;
  const [kind, setKind] = useState<DocumentKind>(kinds[0]);
  const [customLabel, setCustomLabel] = useState('');
  const [licenceClass, setLicenceClass] = useState('A2');
  const [number, setNumber] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState('');
  const busy = created.isLoading || uploaded.isLoading;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError('');
    setSaved('');
    // Checked here too, so a big scan is not sent for nothing; the server judges the type from the content.
    if (file && file.size > MAX_DOCUMENT_FILE_BYTES) {
      setErrors({ file: 'El archivo supera los 5 MB' });
      return;
    }
    let document: FleetDocument;
    try {
      document = await createDocument({
        vehicle_id: subject.vehicleId ?? null,
        driver_id: subject.driverId ?? null,
        kind,
        custom_label: customLabel,
        licence_class: kind === 'licencia' ? (licenceClass as (typeof licenceClasses)[number]) : null,
        number,
        issued_on: issuedOn,
        expires_on: expiresOn,
        notes,
      }).unwrap();
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(apiErrorMessage(error, 'No se pudo guardar el documento'));
      return;
    }
    if (file) {
      try {
        await uploadFile({ id: document.id, file }).unwrap();
      } catch (error) {
        setErrors({ file: apiErrorMessage(error, 'No se pudo subir el archivo') });
        setFormError(`El documento quedó guardado sin archivo: ${apiErrorMessage(error, 'no se pudo subir el archivo')}`);
        return;
      }
    }
    setSaved(`${document.label} guardado`);
    setNumber('');
    setIssuedOn('');
    setExpiresOn('');
    setNotes('');
    setCustomLabel('');
    setFile(null);
  }

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
        <form className="flota-documents-form" onSubmit={(event) => void submit(event)} aria-label="Agregar documento" noValidate>
          <h3 className="flota-section-title" style={{ gridColumn: '1 / -1' }}>
            Agregar documento
          </h3>
          {formError && (
            <p className="flota-field__error" role="alert" style={{ gridColumn: '1 / -1' }}>
              {formError}
            </p>
          )}
          {saved && (
            <p role="status" style={{ gridColumn: '1 / -1' }}>
              {saved}
            </p>
          )}
          <Field label="Tipo" error={errors.kind}>
            {(control) => (
              <select {...control} value={kind} onChange={(event) => setKind(event.target.value as DocumentKind)}>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {documentKindLabels[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {kind === 'otro' && (
            <Field label="Nombre del documento" error={errors.custom_label}>
              {(control) => <input {...control} value={customLabel} onChange={(event) => setCustomLabel(event.target.value)} />}
            </Field>
          )}
          {kind === 'licencia' && (
            <Field label="Clase" error={errors.licence_class}>
              {(control) => (
                <select {...control} value={licenceClass} onChange={(event) => setLicenceClass(event.target.value)}>
                  {licenceClasses.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label="Número o folio" error={errors.number}>
            {(control) => <input {...control} value={number} onChange={(event) => setNumber(event.target.value)} />}
          </Field>
          <Field label="Emisión" error={errors.issued_on}>
            {(control) => <DateField {...control} value={issuedOn} onValueChange={setIssuedOn} />}
          </Field>
          <Field label="Vencimiento" error={errors.expires_on}>
            {(control) => <DateField {...control} required value={expiresOn} onValueChange={setExpiresOn} />}
          </Field>
          <Field label="Notas" error={errors.notes}>
            {(control) => <input {...control} value={notes} onChange={(event) => setNotes(event.target.value)} />}
          </Field>
          <Field label="Archivo escaneado (PDF, JPEG o PNG, máx. 5 MB)" error={errors.file}>
            {(control) => <input {...control} type="file" accept="application/pdf,image/jpeg,image/png" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />}
          </Field>
          <div style={{ gridColumn: '1 / -1' }}>
            <button type="submit" className="flota-button flota-button--primary" disabled={busy}>
              {busy ? 'Guardando...' : 'Guardar documento'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
