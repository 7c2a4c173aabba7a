/** A polite live region, so screen readers hear "Cargando..." and what replaces it. */
export function LoadingText({ children, className }: { children: string; className?: string }) {
  return (
    <p className={['flota-loading', className].filter(Boolean).join(' ')} role="status" aria-live="polite">
      {children}
    </p>
  );
}
