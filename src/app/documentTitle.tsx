/**
 * Names the browser tab after the screen ("Despacho · Flota"), so a dispatcher with Despacho and
 * Mapa en Vivo in two tabs tells them apart. Each route says its title in `handle.title`
 * (routes.tsx); the deepest match that has one wins. Only when the app owns its document
 * (config.documentTitle: the standalone page; an intranet keeps its own title unless it asks).
 */
import { useEffect } from 'react';
import type { FlotaRouter } from './FlotaApp';

export interface RouteHandle {
  /** The screen's name in the tab, before " · Flota". */
  title: string;
}

type Match = { handle?: unknown };

/** The tab's text for the routes matched now: the deepest title, or the app's name alone. */
export function documentTitleFor(matches: readonly Match[]): string {
  const titled = matches.map((match) => (match.handle as Partial<RouteHandle> | undefined)?.title).filter((title): title is string => Boolean(title));
  const title = titled.at(-1);
  return title ? `${title} · Flota` : 'Flota';
}

export function DocumentTitle({ router, enabled }: { router: FlotaRouter; enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    const name = () => {
      document.title = documentTitleFor(router.state.matches.map((match) => match.route));
    };
    name();
    return router.subscribe(name);
  }, [router, enabled]);
  return null;
}
