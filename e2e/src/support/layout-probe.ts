/*
 * What the layout guard (web-layout-guard.e2e-spec.ts) finds wrong with a page, measured inside the page:
 * `page.evaluate(layoutProblems, width)`. It runs in the browser, so it uses nothing from outside itself.
 *
 * - Sideways scrolling: the page wider than the screen; names the innermost elements that stick out.
 * - Overlaps: two visible interactive elements of one layer on top of each other, or one over text. The
 *   page, each modal dialog, the toasts and each open popup (a menu, a suggestion list: what an expanded
 *   control controls, laid over the page) are layers of their own: a menu lies over the page by design.
 *   Between overlays (a toast and a dialog, a toast and an open menu) one may not cover the other's
 *   interactive elements.
 * - Overlays outside the screen: every open dialog, popup, toast and tooltip lies fully inside the viewport.
 * - Cut-off text: an element that hides its overflow (overflow hidden or clip) while text of it reaches
 *   beyond its box. Shortened on purpose (text-overflow: ellipsis, a line clamp) is allowed only where the
 *   whole text stays at hand: in a `title` of the element or an ancestor (shown on hover, read by screen
 *   readers). Anything else cut off is a fault, since the person cannot read the rest anywhere.
 * - Boxes glued together: a card with another card or a button right above or below it, no room between
 *   (a column of cards without its gap reads as one box, a button stuck to a card as part of it).
 */

/**
 * Everything wrong with the layout as the page is now, each naming the element. `width` is the viewport the
 * browser was given: a phone widens its layout viewport (innerWidth) to an overflowing page, so the page is
 * measured against the width the person's screen has.
 */
export function layoutProblems(width: number): string[] {
  const vh = window.innerHeight;
  const problems: string[] = [];
  const name = (el: Element) => {
    const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `<${el.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  const hides = (value: string) => value === 'hidden' || value === 'clip';
  /** Whether an ancestor clips the element sideways (a scrolling chip row): it cannot widen the page. */
  const clippedSideways = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
    return false;
  };
  const fixed = (el: Element) => {
    for (let p: Element | null = el; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') return true;
    return false;
  };

  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth);
  if (scrollWidth > width) {
    // Fixed elements (dialogs, toasts) follow a widened viewport: they suffer from the cause, they are not it.
    const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 1 || r.left < -1) && !clippedSideways(el) && !fixed(el);
    });
    // The innermost ones name the cause (a long word, a hidden label); their ancestors only follow them.
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    problems.push(`the page scrolls sideways (${scrollWidth} px wide in ${width} px): ${innermost.slice(0, 3).map(name).join(', ') || 'no element found'}`);
  }

  // The overlays: modal dialogs, toasts, tooltips, and popups (what an expanded control controls, when it lies over the page).
  const popups = Array.from(document.querySelectorAll('[aria-expanded="true"][aria-controls], [role="listbox"], [role="menu"]'))
    .map((el) => (el.hasAttribute('aria-controls') ? document.getElementById(el.getAttribute('aria-controls') ?? '') : el))
    .filter((el): el is HTMLElement => !!el && shown(el) && ['absolute', 'fixed'].includes(getComputedStyle(el).position));
  const overlayOf = (el: Element): Element | null =>
    el.closest('dialog, .toast-viewport, [role="tooltip"]') ?? popups.filter((p) => p.contains(el)).pop() ?? null;
  /** A bar that stays while the page scrolls (a sticky header) lies over the scrolled page by design: a layer of its own. */
  const pinnedOf = (el: Element): Element | null => {
    for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) if (['fixed', 'sticky'].includes(getComputedStyle(p).position)) return p;
    return null;
  };
  const layerOf = (el: Element): Element | null => overlayOf(el) ?? pinnedOf(el);
  const modal = document.querySelector('dialog:modal');
  const interactive = Array.from(
    document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="menuitem"], [role="option"]'),
  ).filter((el) => shown(el) && !el.closest('.leaflet-container') && (!modal || overlayOf(el) !== null));
  /** The parts of the rects that show: clipped to every ancestor that hides its overflow (a clamped text, a scrolling row). */
  const clipped = (rects: DOMRect[], el: Node) => {
    let shownRects = rects;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      shownRects = shownRects
        .map(
          (r) =>
            new DOMRect(
              Math.max(r.left, c.left),
              Math.max(r.top, c.top),
              Math.min(r.right, c.right) - Math.max(r.left, c.left),
              Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top),
            ),
        )
        .filter((r) => r.width > 0 && r.height > 0);
    }
    return shownRects;
  };
  // Line boxes, not bounding boxes: a link that wraps covers only its own lines.
  const boxes = new Map(interactive.map((el) => [el, clipped(Array.from(el.getClientRects()), el)]));
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const anyOverlap = (as: DOMRect[], bs: DOMRect[]) => as.some((a) => bs.some((b) => overlap(a, b)));
  const related = (a: Element, b: Element) => a.contains(b) || b.contains(a) || !!a.closest('label')?.contains(b) || !!b.closest('label')?.contains(a);
  for (let i = 0; i < interactive.length; i++) {
    for (let j = i + 1; j < interactive.length; j++) {
      const [a, b] = [interactive[i]!, interactive[j]!];
      if (related(a, b) || layerOf(a) !== layerOf(b)) continue;
      if (anyOverlap(boxes.get(a)!, boxes.get(b)!)) problems.push(`${name(a)} and ${name(b)} overlap`);
    }
  }
  // Text drawn under a button: each text node's line boxes against the interactive elements of its layer.
  const walker = document.createTreeWalker(modal ?? document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const holder = node.parentElement;
    if (!holder || !node.textContent?.trim() || !shown(holder) || holder.closest('.leaflet-container')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = clipped(Array.from(range.getClientRects()), node);
    const over = interactive.find((el) => !related(el, holder) && layerOf(el) === layerOf(holder) && anyOverlap(lines, boxes.get(el)!));
    if (over) problems.push(`${name(over)} lies over the text "${node.textContent.trim().slice(0, 40)}" of ${name(holder)}`);
  }

  // Each overlay inside the screen, and none covering another's interactive elements (a toast over a dialog's button).
  const overlays = [
    ...Array.from(document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"], .toast, [role="tooltip"]')),
    ...popups,
  ].filter(shown);
  for (const el of overlays) {
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > width + 0.5 || r.bottom > vh + 0.5)
      problems.push(
        `${name(el)} is not inside the viewport (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${width}x${vh})`,
      );
    // A modal dialog lies in the top layer with its backdrop over everything else: an overlay outside it is dimmed and out of reach.
    if (modal && !modal.contains(el) && el !== modal && !el.contains(modal))
      problems.push(`${name(el)} lies beneath the open dialog ${name(modal)}: dimmed by its backdrop, its buttons out of reach`);
    const layer = overlayOf(el);
    const covered = interactive.find((other) => {
      const otherLayer = overlayOf(other);
      return otherLayer !== null && otherLayer !== layer && !el.contains(other) && !other.contains(el) && anyOverlap([r], boxes.get(other)!);
    });
    if (covered) problems.push(`${name(el)} and ${name(covered)} of another overlay overlap`);
  }

  // Text cut off by a box that hides its overflow (under a modal dialog, the dialog's: the page beneath is inert).
  for (const box of Array.from((modal ?? document.body).querySelectorAll('*'))) {
    const style = getComputedStyle(box);
    const [hidesX, hidesY] = [hides(style.overflowX), hides(style.overflowY)];
    if (!hidesX && !hidesY) continue;
    if (!(hidesX && box.scrollWidth > box.clientWidth + 1) && !(hidesY && box.scrollHeight > box.clientHeight + 1)) continue;
    if (!shown(box) || box.closest('.leaflet-container, svg')) continue;
    const outer = box.getBoundingClientRect();
    const inner = {
      left: outer.left + box.clientLeft,
      top: outer.top + box.clientTop,
      right: outer.left + box.clientLeft + box.clientWidth,
      bottom: outer.top + box.clientTop + box.clientHeight,
    };
    const texts = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const holder = node.parentElement;
      if (!holder || !node.textContent?.trim() || !holder.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const cut = Array.from(range.getClientRects()).some(
        (r) =>
          r.width > 0 &&
          ((hidesX && (r.right > inner.right + 1 || r.left < inner.left - 1)) || (hidesY && (r.bottom > inner.bottom + 2 || r.top < inner.top - 2))),
      );
      if (!cut) continue;
      const text = node.textContent.replace(/\s+/g, ' ').trim();
      const shortened = style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');
      const titled = box.closest('[title]')?.getAttribute('title')?.replace(/\s+/g, ' ').includes(text) ?? false;
      if (!(shortened && titled))
        problems.push(`${name(box)} cuts off its text "${text.slice(0, 40)}"${shortened ? ' (shortened without the whole text in a title)' : ''}`);
      break;
    }
  }
  // Cards and buttons stacked without room between them.
  const cards = Array.from((modal ?? document.body).querySelectorAll('.card')).filter(shown);
  const stackable = [...cards, ...interactive.filter((el) => el.matches('.button, button'))];
  const glued = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && (Math.abs(b.top - a.bottom) < 4 || Math.abs(a.top - b.bottom) < 4);
  for (const card of cards) {
    const other = stackable.find(
      (el) => el !== card && !el.contains(card) && !card.contains(el) && glued(card.getBoundingClientRect(), el.getBoundingClientRect()),
    );
    if (other) problems.push(`${name(other)} sits right against ${name(card)}, no room between them`);
  }
  return [...new Set(problems)];
}
