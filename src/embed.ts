/**
 * Intranet entry (dist/embed/flota.js, an ES module). Defines the one global, `Flota`, and the
 * <flota-app> element. The app renders in the light DOM of the element it is given: its CSS is
 * scoped under .flota-app (and carried inside the mount), MapLibre's own CSS must reach the map's
 * nodes, and focus handling (dialogs, panels) reads document.activeElement, which a shadow root
 * would hide. See docs/embedding.md.
 */
// First: it must see the host's globals before any library loads.
import { removeGlobalsAddedSinceLoad } from './app/hostGlobals';
import packageJson from '../package.json';
import { parseAttributes, parseMountOptions, OBSERVED_ATTRIBUTES, type FlotaOptions } from './app/embedOptions';
import { mountFlota, type MountedFlota } from './app/mount';

function warn(problems: string[]) {
  problems.forEach((problem) => console.warn(`Flota: ${problem}`));
}

function mount(element: Element, options?: FlotaOptions): MountedFlota {
  if (!(element instanceof Element)) throw new TypeError('Flota.mount: the first argument must be a DOM element');
  const parsed = parseMountOptions(options);
  warn(parsed.problems);
  return mountFlota(element, parsed.options);
}

/** <flota-app api-base-url="…" router="hash" …>: mounts when added to the page, unmounts when removed. */
class FlotaAppElement extends HTMLElement {
  static observedAttributes = OBSERVED_ATTRIBUTES;
  private mounted: MountedFlota | null = null;

  connectedCallback() {
    // Custom elements are inline by default; the app is a block (a host style may still say otherwise).
    if (!this.style.display) this.style.display = 'block';
    this.start();
  }

  disconnectedCallback() {
    this.stop();
  }

  /** New options take effect as a fresh mount. */
  attributeChangedCallback() {
    if (!this.mounted) return;
    this.stop();
    this.start();
  }

  private start() {
    if (this.mounted || !this.isConnected) return;
    const parsed = parseAttributes((name) => this.getAttribute(name));
    warn(parsed.problems);
    this.mounted = mountFlota(this, parsed.options);
  }

  private stop() {
    this.mounted?.unmount();
    this.mounted = null;
  }
}

// A second copy of the script on the page keeps the first definition (defining twice throws).
if (!customElements.get('flota-app')) customElements.define('flota-app', FlotaAppElement);

declare global {
  interface Window {
    Flota: { mount: typeof mount; version: string };
  }
}

removeGlobalsAddedSinceLoad();
window.Flota ??= { mount, version: packageJson.version };
