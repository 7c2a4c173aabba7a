/**
 * Add or edit a saved place: its name, street address, other names (one per line) and its point,
 * typed as "latitud, longitud" (what Google Maps copies on a right click: -32.4519, -71.2264).
 */
import { placeRequestSchema, type SavedPlace } from '../../../../contract/api';
import { Field } from '../../../components/form/Field';
import { FormModal } from '../../../components/form/FormModal';
import { useModalForm } from '../../../components/form/useModalForm';
import { useCreatePlaceMutation, useUpdatePlaceMutation } from '../dispatchApi';

/** "-32,4519; -71,2264" or "-32.4519, -71.2264": two numbers, any separator between them. */
export function parsePoint(text: string): { latitude: number; longitude: number } | null {
  const numbers = text.match(/-?\d+(?:[.,]\d+)?/g);
  if (!numbers || numbers.length !== 2) return null;
  const [latitude, longitude] = numbers.map((value) => Number(value.replace(',', '.')));
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

export function PlaceFormModal({ place, onClose }: { place: SavedPlace | null; onClose(): void }) {
  const [createPlace, created] = useCreatePlaceMutation();
  const [updatePlace, updated] = useUpdatePlaceMutation();
  const form = useModalForm(
    {
      name: place?.name ?? '',
      address: place?.address ?? '',
      aliases: place?.aliases.join('\n') ?? '',
      point: place ? `${place.latitude}, ${place.longitude}` : '',
    },
    'No se pudo guardar el lugar. Intenta nuevamente.',
  );
  const { values, errors } = form;

  async function save() {
    const point = parsePoint(values.point);
    const parsed = placeRequestSchema.safeParse({
      name: values.name,
      address: values.address,
      aliases: values.aliases.split('\n'),
      latitude: point?.latitude ?? Number.NaN,
      longitude: point?.longitude ?? Number.NaN,
    });
    const ok = await form.submit(parsed, (body) => (place ? updatePlace({ id: place.id, place: body }).unwrap() : createPlace(body).unwrap()));
    if (ok) onClose();
  }

  const pointError = values.point.trim() && !parsePoint(values.point) ? 'Escribe latitud y longitud, por ejemplo -32.4519, -71.2264' : (errors.latitude ?? errors.longitude);
  return (
    <FormModal title={place ? 'Editar lugar' : 'Nuevo lugar'} onClose={onClose} onSubmit={() => void save()} busy={created.isLoading || updated.isLoading} formError={form.formError}>
      <Field label="Nombre" error={errors.name} wide>
        {(control) => <input {...control} type="text" value={values.name} onChange={form.change('name')} />}
      </Field>
      <Field label="Dirección" error={errors.address} wide>
        {(control) => <input {...control} type="text" value={values.address} onChange={form.change('address')} />}
      </Field>
      <Field label="Otros nombres (uno por línea)" error={errors.aliases} hint="Como lo nombran quienes llaman: el terminal, la posta" wide>
        {(control) => <textarea {...control} rows={3} value={values.aliases} onChange={form.change('aliases')} />}
      </Field>
      <Field label="Coordenadas (latitud, longitud)" error={values.point.trim() || errors.latitude ? pointError : undefined} hint="Copiadas de un mapa: -32.4519, -71.2264" wide>
        {(control) => <input {...control} type="text" inputMode="decimal" value={values.point} onChange={form.change('point')} />}
      </Field>
    </FormModal>
  );
}
