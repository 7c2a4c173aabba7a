// The example intranet page's own script (index.html next to it), a file rather than inline so
// that the page works under Flota's Content-Security-Policy (script-src 'self', no inline code).
// Module scripts run in order: Flota is defined by now. The tile URL comes from the same
// /config.json the server writes for the standalone app.
async function tileOptions() {
  try {
    const response = await fetch('/config.json', { cache: 'no-store' });
    const config = response.ok ? await response.json() : {};
    return { tileUrl: config.tileUrl, tileAttribution: config.tileAttribution };
  } catch {
    return {};
  }
}

const host = document.getElementById('flota-host');
const mountButton = document.getElementById('flota-mount');
const unmountButton = document.getElementById('flota-unmount');
let flota = null;
let tiles = {};

function mount() {
  flota = window.Flota.mount(host, {
    apiBaseUrl: '/api',
    socketPath: '/socket.io',
    router: 'hash',
    basePath: '/intranet/flota',
    storagePrefix: 'intranet-flota',
    ...Object.fromEntries(Object.entries(tiles).filter(([, value]) => typeof value === 'string')),
  });
  mountButton.disabled = true;
  unmountButton.disabled = false;
}

function unmount() {
  flota?.unmount();
  flota = null;
  mountButton.disabled = false;
  unmountButton.disabled = true;
}

mountButton.addEventListener('click', mount);
unmountButton.addEventListener('click', unmount);
// A classic function, not top-level await: the build minifies this file as a script.
tileOptions().then((options) => {
  tiles = options;
  mount();
});
