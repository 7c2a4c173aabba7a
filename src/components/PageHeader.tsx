import type { ReactNode } from 'react';

/** A screen's title row: the h1, an optional line under it, and actions on the right. */
export function PageHeader({ id, title, subtitle, children }: { id?: string; title: ReactNode; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="flota-page-header">
      <div>
        {/* tabIndex -1: focus lands here after a route change (see useFocusOnRouteChange). */}
        <h1 id={id} className="flota-page-title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle && <p className="flota-page-subtitle">{subtitle}</p>}
      </div>
      {children && <div className="flota-page-actions">{children}</div>}
    </div>
  );
}
