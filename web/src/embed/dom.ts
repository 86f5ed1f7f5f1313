/** A small element builder for the framed page (no React there: its script stays a few kilobytes). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string | null>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

/**
 * A link to the full site: always a new tab, so the visitor leaves neither the club's page nor a frame
 * too small for the site. noopener: the new tab gets no handle on the host page.
 */
export function siteLink(href: string, text: string, className = ''): HTMLAnchorElement {
  return el('a', { href, target: '_blank', rel: 'noopener', ...(className ? { class: className } : {}) }, text);
}
