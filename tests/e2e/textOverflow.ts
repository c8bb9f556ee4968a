/**
 * The phone-width check of every page (tests/e2e/accessibility.spec.ts runs it at 390 px on each page
 * it scans): no visible text may be cut off or run out of the box that shows it.
 */
export type Overflow = {text: string; element: string; reason: string};

/**
 * Runs in the page. A piece of text overflows when any line of it:
 * - sticks out of an ancestor that clips (overflow hidden or clip), as an ellipsis or a cut does;
 * - sticks out of its own block, that is the nearest ancestor that is not inline, into its
 *   neighbours;
 * - or sticks out of the viewport, where nothing can scroll it back.
 * Text inside a scroll container (a code block, a wide table) may run past the container's edge:
 * that is what scrolling is for. Text hidden from sight (display none, visibility hidden, opacity 0,
 * the visually-hidden 1 px clip, off-canvas until focused) is skipped.
 */
export function findTextOverflows(): Overflow[] {
  const tolerance = 1;
  const viewportWidth = document.documentElement.clientWidth;
  const overflows: Overflow[] = [];
  const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.classList.length ? `.${[...element.classList].join('.')}` : ''}`;
  const sticksOut = (lines: DOMRect[], left: number, right: number) => lines.some((line) => line.left < left - tolerance || line.right > right + tolerance);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent || !parent.checkVisibility({opacityProperty: true, visibilityProperty: true})) {
      continue;
    }
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
    if (lines.length === 0) {
      continue;
    }
    const ancestors: {element: Element; style: CSSStyleDeclaration; box: DOMRect}[] = [];
    for (let ancestor: Element | null = parent; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
      ancestors.push({element: ancestor, style: getComputedStyle(ancestor), box: ancestor.getBoundingClientRect()});
    }
    // Text in a scroll container (a code sample, a wide table) can be scrolled to: it may run past
    // any box inside that container. Visually hidden text (a 1 px clip) is meant to be cut.
    const scrolls = ancestors.some(({style}) => style.overflowX === 'auto' || style.overflowX === 'scroll');
    const visuallyHidden = ancestors.some(({style, box}) => style.clip !== 'auto' || style.clipPath !== 'none' || (box.width <= 1 && style.overflowX !== 'visible'));
    // Off-canvas until focused (the skip link) or opened: positioned, and wholly off the screen.
    const offCanvas =
      ancestors.some(({style}) => style.position === 'absolute' || style.position === 'fixed') &&
      lines.every((line) => line.right <= 0 || line.left >= viewportWidth);
    if (scrolls || visuallyHidden || offCanvas) {
      continue;
    }
    const report = (reason: string) => overflows.push({text: text.slice(0, 80), element: describe(parent), reason});
    const block = ancestors.find(({style}) => !style.display.startsWith('inline') && style.display !== 'contents');
    if (block && sticksOut(lines, block.box.left, block.box.right)) {
      report(`runs out of its block ${describe(block.element)} (${Math.round(block.box.left)}–${Math.round(block.box.right)} px)`);
    }
    for (const {element, style, box} of ancestors) {
      if ((style.overflowX === 'hidden' || style.overflowX === 'clip') && sticksOut(lines, box.left, box.right)) {
        report(`is clipped by ${describe(element)} (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      }
    }
    if (sticksOut(lines, 0, viewportWidth)) {
      report(`runs out of the ${viewportWidth} px viewport`);
    }
  }
  return overflows;
}
