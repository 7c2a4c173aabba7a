/** A QR code as an SVG data: URL. The qrcode library loads with the first code drawn, not with the app. */
import { useEffect, useState } from 'react';

export function useQrCode(text: string): string | null {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
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
  return drawn?.text === text ? drawn.url : null;
}
