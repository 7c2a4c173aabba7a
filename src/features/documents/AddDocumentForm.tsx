/**
 * The form that adds a document to a taxi or a driver (Dueño and Administrador), with its scanned file.
 * The server judges dates and files; its Spanish texts show under the fields. The document is saved
 * first and its file sent after, so a refused file leaves the document saved and says so.
 */
import { useState, type FormEvent } from 'react';
import { documentKindLabels, licenceClasses, MAX_DOCUMENT_FILE_BYTES, type DocumentKind, type FleetDocument } from '../../../contract/documents';
import { DateField } from '../../components/form/DateField';
import { Field } from '../../components/form/Field';
import { apiErrorMessage, apiFieldErrors } from '../../lib/apiError';
import { useCreateDocumentMutation, useUploadDocumentFileMutation } from './documentsApi';
import type { DocumentsSubject } from './DocumentsModal';

interface KindFieldsProps {
  kinds: readonly DocumentKind[];
  kind: DocumentKind;
  setKind(kind: DocumentKind): void;
  customLabel: string;
  setCustomLabel(label: string): void;
  licenceClass: string;
  setLicenceClass(licenceClass: string): void;
  errors: Record<string, string>;
}

/** Tipo, and what that kind asks besides: a name for "otro", a class for a licence. */
function DocumentKindFields({ kinds, kind, setKind, customLabel, setCustomLabel, licenceClass, setLicenceClass, errors }: KindFieldsProps) {
  return (
    <>
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
    </>
  );
}

interface DocumentFields {
  kind: DocumentKind;
  customLabel: string;
  licenceClass: string;
  number: string;
  issuedOn: string;
  expiresOn: string;
  notes: string;
}

/** Saves the document, then its file; says what went wrong where it belongs. Returns the document once all is saved. */
function useSaveDocument(subject: DocumentsSubject, setErrors: (errors: Record<string, string>) => void, setFormError: (text: string) => void) {
  const [createDocument, created] = useCreateDocumentMutation();
  const [uploadFile, uploaded] = useUploadDocumentFileMutation();

  async function save({ kind, customLabel, licenceClass, number, issuedOn, expiresOn, notes }: DocumentFields, file: File | null): Promise<FleetDocument | null> {
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
      return null;
    }
    if (file) {
      try {
        await uploadFile({ id: document.id, file }).unwrap();
      } catch (error) {
        setErrors({ file: apiErrorMessage(error, 'No se pudo subir el archivo') });
        setFormError(`El documento quedó guardado sin archivo: ${apiErrorMessage(error, 'no se pudo subir el archivo')}`);
        return null;
      }
    }
    return document;
  }

  return { save, busy: created.isLoading || uploaded.isLoading };
}

export function AddDocumentForm({ subject, kinds, formError, setFormError }: { subject: DocumentsSubject; kinds: readonly DocumentKind[]; formError: string; setFormError(text: string): void }) {
  const [kind, setKind] = useState<DocumentKind>(kinds[0]);
  const [customLabel, setCustomLabel] = useState('');
  const [licenceClass, setLicenceClass] = useState('A2');
  const [number, setNumber] = useState('');
  const [issuedOn, setIssuedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const { save, busy } = useSaveDocument(subject, setErrors, setFormError);

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
    const document = await save({ kind, customLabel, licenceClass, number, issuedOn, expiresOn, notes }, file);
    if (!document) return;
    setSaved(`${document.label} guardado`);
    setNumber('');
    setIssuedOn('');
    setExpiresOn('');
    setNotes('');
    setCustomLabel('');
    setFile(null);
  }

  return (
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
      <DocumentKindFields kinds={kinds} kind={kind} setKind={setKind} customLabel={customLabel} setCustomLabel={setCustomLabel} licenceClass={licenceClass} setLicenceClass={setLicenceClass} errors={errors} />
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
  );
}
