/** Flota's square "F" mark, beside the product name on the login card and in the sidebar. Decorative. */
export function LogoMark() {
  return (
    <span className="flota-logo" aria-hidden="true">
      F
    </span>
  );
}
