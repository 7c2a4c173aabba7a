import { readPlacesFile } from './placesFile';

describe('a file of places for Lugares', () => {
  it('reads Chilean Excel’s CSV (semicolons, decimal comma, BOM, accents in the header, quoted cells)', () => {
    const csv = '\uFEFFNombre;Dirección;Otros nombres;Latitud;Longitud\r\nTerminal de buses;"Papudo 451; local 2";el terminal|los buses;-32,4531;-71,2290\r\n;Sin nombre;;-32,45;-71,22\r\nHospital;Diego Portales 1500;;x;-71,22\r\n';
    expect(readPlacesFile('lugares.csv', csv)).toEqual({
      places: [{ name: 'Terminal de buses', address: 'Papudo 451; local 2', aliases: ['el terminal', 'los buses'], latitude: -32.4531, longitude: -71.229 }],
      problems: ['Fila 3: falta el nombre', 'Fila 4: latitud o longitud inválida'],
    });
  });

  it('reads a comma CSV with English headers, and says which columns it needs', () => {
    expect(readPlacesFile('p.csv', 'name,lat,lng\nPlaza,-32.4519,-71.2264\n').places).toEqual([{ name: 'Plaza', address: '', aliases: [], latitude: -32.4519, longitude: -71.2264 }]);
    expect(readPlacesFile('p.csv', 'nombre,calle\nPlaza,Ortiz\n').problems).toEqual(['La primera fila debe nombrar las columnas: nombre, latitud y longitud (y, si quieres, direccion y otros_nombres)']);
  });

  it('reads GeoJSON points with nombre or name, and refuses other shapes and bad JSON', () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [-71.2264, -32.4519] }, properties: { nombre: 'Plaza de Armas', direccion: 'Ortiz de Rozas s/n', aliases: ['la plaza'] } },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties: { name: 'Calle' } },
      ],
    });
    expect(readPlacesFile('lugares.geojson', geojson)).toEqual({
      places: [{ name: 'Plaza de Armas', address: 'Ortiz de Rozas s/n', aliases: ['la plaza'], latitude: -32.4519, longitude: -71.2264 }],
      problems: ['Elemento 2: solo se importan puntos'],
    });
    expect(readPlacesFile('x.json', '{ nope').problems).toEqual(['El archivo no es un GeoJSON válido']);
    expect(readPlacesFile('x.csv', '').problems).toEqual(['El archivo está vacío']);
  });
});
