/** An element's text as a screen reader reads it: without what is aria-hidden (a phone's short label beside the full one). */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}
