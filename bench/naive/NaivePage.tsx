/**
 * The naive reference the browser bench measures the console against: what a first version of a
 * live map looks like. One react-map-gl <Marker> (a DOM element) per taxi, one Redux dispatch per
 * socket event, no batching, no clustering, no virtualization. Not part of the app.
 */
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import * as maplibregl from 'maplibre-gl';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import Map, { Marker } from 'react-map-gl/maplibre';
import { Provider, useSelector } from 'react-redux';
import { io } from 'socket.io-client';
import type { LocationUpdate, Shift } from '../../contract/entities';
import 'maplibre-gl/dist/maplibre-gl.css';

const taxis = createSlice({
  name: 'taxis',
  initialState: { byId: {} as Record<number, Shift>, ids: [] as number[] },
  reducers: {
    loaded(state, { payload }: PayloadAction<Shift[]>) {
      state.ids = payload.map((shift) => shift.id);
      for (const shift of payload) state.byId[shift.id] = shift;
    },
    moved(state, { payload }: PayloadAction<LocationUpdate>) {
      const shift = state.byId[payload.shift_id];
      if (!shift) return;
      shift.latitude = payload.latitude;
      shift.longitude = payload.longitude;
      shift.last_location_time = payload.timestamp;
    },
  },
});
const store = configureStore({ reducer: { taxis: taxis.reducer } });
type State = ReturnType<typeof store.getState>;

function NaiveMap() {
  const { ids, byId } = useSelector((state: State) => state.taxis);
  useEffect(() => {
    performance.mark('flota:map-updated');
  });
  return (
    <>
      <div style={{ height: 600 }}>
        <Map mapLib={maplibregl} initialViewState={{ longitude: -71.2264, latitude: -32.4519, zoom: 12 }} mapStyle={(window as unknown as { naiveStyle: maplibregl.StyleSpecification }).naiveStyle}>
          {ids.map((id, index) => {
            const shift = byId[id];
            if (shift.latitude === null || shift.longitude === null) return null;
            return (
              <Marker key={id} longitude={shift.longitude} latitude={shift.latitude}>
                <div style={{ width: 50, height: 50, background: '#f5b700', borderRadius: 9, border: '2px solid #0f1f33', color: '#0f1f33', fontWeight: 700, textAlign: 'center', lineHeight: '46px' }}>
                  #{index + 1}
                </div>
              </Marker>
            );
          })}
        </Map>
      </div>
      <ul>
        {ids.map((id, index) => (
          <li key={id}>
            #{index + 1} {byId[id].first_name} {byId[id].last_name} {byId[id].plate_number} {byId[id].latitude === null ? '⚪ Sin ubicación' : '🟢 En línea'}
          </li>
        ))}
      </ul>
    </>
  );
}

async function start() {
  const config = (await (await fetch('/config.json')).json()) as { tileUrl: string };
  (window as unknown as { naiveStyle: unknown }).naiveStyle = {
    version: 8,
    sources: { osm: { type: 'raster', tiles: [config.tileUrl], tileSize: 256 } },
    layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
  };
  maplibregl.setWorkerUrl(new URL('/naive/maplibre-gl-worker.mjs', location.href).href);
  const { shifts } = (await (await fetch('/api/shifts/active')).json()) as { shifts: Shift[] };
  store.dispatch(taxis.actions.loaded(shifts));
  const socket = io({ path: '/socket.io', auth: { token: 'naive' } });
  socket.on('connect', () => socket.emit('join_owner_room', 1));
  socket.on('location_update', (update: LocationUpdate) => store.dispatch(taxis.actions.moved(update)));
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Provider store={store}>
      <NaiveMap />
    </Provider>,
  );
}

void start();
