/**
 * Links that open turn-by-turn navigation to a point: the phone's own choice (`geo:`, Android asks
 * which app), and Google Maps and Waze by their documented URL schemes (they open the app when it is
 * installed, the web page otherwise, iPhones included).
 */
export interface NavigationLink {
  label: string;
  href: string;
}

export function navigationLinks(latitude: number, longitude: number, label?: string): NavigationLink[] {
  const at = `${latitude},${longitude}`;
  const geoQuery = label ? `${at}(${encodeURIComponent(label)})` : at;
  return [
    { label: 'Abrir navegación', href: `geo:${at}?q=${geoQuery}` },
    { label: 'Google Maps', href: `https://www.google.com/maps/dir/?api=1&destination=${at}&travelmode=driving` },
    { label: 'Waze', href: `https://waze.com/ul?ll=${at}&navigate=yes` },
  ];
}
