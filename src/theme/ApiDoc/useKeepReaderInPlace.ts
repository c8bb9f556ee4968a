import {useEffect} from 'react';

/**
 * Redoc's sections, one per item of its menu, in page order: the introduction's, each tag's and each
 * operation's (`tag/<tag>/operation/<operationId>`). Redoc also marks a box inside each operation with
 * `operation/<operationId>`, which this leaves out: the list stays flat, so it is sorted by position.
 */
const sectionSelector = '[data-section-id]:not([data-section-id^="operation/"])';
/** The operations, whose height changes after load (src/css/redoc.css, SamplesWhenNear.tsx). */
const operationSelector = '[data-section-id*="/operation/"]:not([data-section-id^="operation/"])';

/**
 * Keeps what the reader of /api/ sees in place when an operation above it changes height.
 *
 * Operations change height after they are first drawn: an operation far from the screen counts as an
 * estimated height until it is laid out (content-visibility), and its samples and its Try it button
 * appear as the reader nears it. The browser's scroll anchoring should keep the view still, and most
 * of the time it does, but not in the frame right after a jump: when Redoc's menu, a link or a search
 * result scrolled to an operation, the operation before it was laid out at its real height (449 px
 * more than its estimate, measured) and everything the reader saw moved down with it. The reader landed
 * on the end of the previous operation, and Redoc's menu marked that one (2 jumps in 20, measured).
 *
 * This does what scroll anchoring does, checking the browser's work rather than replacing it: on each
 * scroll it notes the first section that reaches below the navbar (the reader's anchor) and its
 * position; when an operation's size changes and the anchor has moved on screen while the page did not
 * scroll, it scrolls by as much, before the frame is painted. Where the browser already compensated, the
 * anchor has not moved and nothing is done.
 */
export function useKeepReaderInPlace(): void {
  useEffect(() => {
    const root = document.querySelector('.redocusaurus');
    if (!root) {
      return undefined;
    }
    const sections = [...root.querySelectorAll(sectionSelector)];
    let anchor: {section: Element; top: number; scrollY: number} | undefined;

    const noteAnchor = () => {
      const section = firstBelow(sections, readingLine());
      anchor = section && {section, top: section.getBoundingClientRect().top, scrollY: window.scrollY};
    };
    const restoreAnchor = () => {
      // A scroll not yet reported (its event comes with the next frame) or the browser's own
      // anchoring moved the view: only note where the reader now is.
      if (!anchor || window.scrollY !== anchor.scrollY) {
        noteAnchor();
        return;
      }
      const moved = anchor.section.getBoundingClientRect().top - anchor.top;
      if (Math.abs(moved) >= 1) {
        window.scrollBy({top: moved, behavior: 'instant'});
      }
      noteAnchor();
    };

    // Resize observations are delivered after layout and before paint: the reader never sees the jump.
    // The first, for every operation at once, notes the anchor without a layout of its own.
    const resizes = new ResizeObserver(restoreAnchor);
    for (const operation of root.querySelectorAll(operationSelector)) {
      resizes.observe(operation);
    }
    window.addEventListener('scroll', noteAnchor, {passive: true});
    return () => {
      resizes.disconnect();
      window.removeEventListener('scroll', noteAnchor);
    };
  }, []);
}

/**
 * Where the reader's view begins: the bottom edge of the site's fixed navbar, the element redocusaurus
 * gives Redoc as `scrollYOffset` (src/plugins/redoc/useSpec.ts), so Redoc scrolls a section to it.
 */
function readingLine(): number {
  return document.querySelector('nav.navbar')?.getBoundingClientRect().bottom ?? 0;
}

/** The first of the sections (in page order) whose bottom lies below `line`, by binary search. */
function firstBelow(sections: Element[], line: number): Element | undefined {
  let low = 0;
  let high = sections.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sections[middle].getBoundingClientRect().bottom > line) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return sections[low];
}
