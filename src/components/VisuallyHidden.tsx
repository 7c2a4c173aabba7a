import type { ReactNode } from 'react';
import './visuallyHidden.css';

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="flota-visually-hidden">{children}</span>;
}
