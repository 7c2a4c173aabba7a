import { formatPhoneCL } from '../lib/format';

/** A phone number as a tel: link (a desk with a softphone or a phone calls it in one click). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function PhoneLink({ phone, name }: { phone: string; name: string }) {
  const shown = formatPhoneCL(phone);
  return (
    <a className="flota-phone-link" href={telHref(phone)} aria-label={`Llamar a ${name}: ${shown}`}>
      {shown}
    </a>
  );
}
