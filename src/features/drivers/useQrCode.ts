/** A QR code as an SVG data: URL. The qrcode library loads with the first code drawn, not with the app. */
import { useEffect, useState } from 'react';

/** Null while drawing, or while there is nothing to draw yet (text null). */
export function useQrCode(text: string | null): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (current) setDrawn({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      });
    return () => {
      current = false;
    };
  }, [text]);
  return text !== null && drawn?.text === text ? drawn.url : null;
}
