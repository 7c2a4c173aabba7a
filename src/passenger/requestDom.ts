/** The plain DOM the "Pedir un taxi" page is made of: every text goes in as textContent. */

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A labelled input or textarea with its own error line. */
export function field<K extends 'input' | 'textarea'>(tag: K, id: string, label: string, hint?: string) {
  const wrap = el('div', 'pg-field');
  const labelNode = el('label', 'pg-label', label);
  labelNode.htmlFor = id;
  const input = el(tag, 'pg-input');
  input.id = id;
  const error = el('p', 'pg-field-error');
  error.id = `${id}-error`;
  const describedBy = [error.id];
  wrap.append(labelNode);
  if (hint) {
    const hintNode = el('p', 'pg-hint', hint);
    hintNode.id = `${id}-hint`;
    describedBy.unshift(hintNode.id);
    wrap.append(hintNode);
  }
  input.setAttribute('aria-describedby', describedBy.join(' '));
  wrap.append(input, error);
  return { wrap, input, error };
}
