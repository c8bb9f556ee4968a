import {useEffect} from 'react';

/**
 * Redoc's sections, one per item of its menu, in page order: the introduction's, each tag's and each
 * operation's (`tag/<tag>/operation/<operationId>`). Redoc also marks a box inside each operation with
 * `operation/<operationId>`, which this leaves out: the list stays flat, so it is sorted by position.
 */
const sectionSelector = '[data-section-id]:not([data-section-id^="operation/"])';

/**
 * Keeps what the reader of /api/ sees in place when a section above it changes height.
 *
 * Operations change height after they are first drawn: an operation far from the screen counts as an
 * estimated height until it is laid out (content-visibility), and its samples and its Try it button
 * appear as the reader nears it. The browser's scroll anchoring keeps the view still through most of
 * it, node by node, but not in the frames right after a jump (Redoc's menu, a link, a search result):
 * there it sometimes anchored on a node inside an operation being laid out and moved the view by that
 * node's shift rather than the section's. The reader landed on the end of the previous operation, and
 * Redoc's menu marked that one (2 jumps in 20, measured), or 30 px below the tag chosen (1 jump in 16,
 * 2026-11-29: the content above shrank by 207 px and the browser scrolled by 237).
 *
 * So after a jump (a scroll of more than a screen at once) the page anchors the view itself, with the
 * browser's anchoring off, until the reader scrolls, types, touches or resizes: the anchor is the
 * section the reader landed on, where they have it on screen. On each scroll and each change of a
 * section's size, the page compares where the anchor is with where the scrolls since the last check
 * put it, and scrolls by the difference before the frame is painted. Scrolls count by position, not by
 * their events, which come a frame later: a shift in that frame was once taken for part of a scroll
 * (the Try it buttons of the operation above, 44 px, measured).
 *
 * The rest of the time the browser anchors, and the page only checks its work: when a section's size
 * changes and the anchor has moved on screen while the page did not scroll, it scrolls by as much.
 */
export function useKeepReaderInPlace(): void {
  useEffect(() => {
    const root = document.querySelector('.redocusaurus');
    if (!root) {
      return undefined;
    }
    const sections = [...root.querySelectorAll(sectionSelector)];
    const {style} = document.documentElement;
    const browserAnchoring = style.overflowAnchor;
    // The reader's anchor: a section, where on screen the reader has its top, and the scroll position
    // when that was noted.
    let anchor: {section: Element; top: number; scrollY: number} | undefined;
    let afterJump = false;

    const noteAnchor = (section = firstBelow(sections, readingLine())) => {
      anchor = section && {section, top: section.getBoundingClientRect().top, scrollY: window.scrollY};
    };
    /** The browser anchors; this makes up for a move it left, when the page did not scroll. */
    const checkBrowser = () => {
      // A scroll not yet reported, or the browser's own anchoring, moved the view: note where the reader is.
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
    /** After a jump: the page alone anchors, and only a scroll moves where the reader has the anchor. */
    const holdAnchor = () => {
      if (!anchor) {
        noteAnchor();
        return;
      }
      const expected = anchor.top - (window.scrollY - anchor.scrollY);
      const shift = anchor.section.getBoundingClientRect().top - expected;
      // Scroll positions are whole pixels: rounded up, the anchor ends at most 1 px above where it was,
      // never below it, where Redoc's menu would mark the section before.
      if (shift > 0 || shift <= -1) {
        window.scrollBy({top: Math.ceil(shift), behavior: 'instant'});
      }
      anchor = {...anchor, top: expected, scrollY: window.scrollY};
      // A jump lands on another section: it becomes the anchor, where the jump put it.
      const section = firstBelow(sections, readingLine());
      if (section && section !== anchor.section) {
        noteAnchor(section);
      }
    };
    const onResize = () => (afterJump ? holdAnchor() : checkBrowser());
    const onScroll = () => {
      // From the top of the page before anything was noted: the browser's scroll to a link's anchor.
      if (!afterJump && Math.abs(window.scrollY - (anchor?.scrollY ?? 0)) > window.innerHeight) {
        afterJump = true;
        style.overflowAnchor = 'none';
      }
      if (afterJump) {
        holdAnchor();
      } else {
        noteAnchor();
      }
    };
    const onReaderInput = () => {
      afterJump = false;
      style.overflowAnchor = browserAnchoring;
    };
    const readerInputs = ['wheel', 'keydown', 'touchstart', 'pointerdown', 'resize'] as const;

    // Resize observations are delivered after layout and before paint: the reader never sees the jump.
    // The first, for every section at once, notes the anchor without a layout of its own.
    const resizes = new ResizeObserver(onResize);
    for (const section of sections) {
      resizes.observe(section);
    }
    window.addEventListener('scroll', onScroll, {passive: true});
    for (const input of readerInputs) {
      window.addEventListener(input, onReaderInput, {passive: true, capture: true});
    }
    return () => {
      resizes.disconnect();
      window.removeEventListener('scroll', onScroll);
      for (const input of readerInputs) {
        window.removeEventListener(input, onReaderInput, {capture: true});
      }
      style.overflowAnchor = browserAnchoring;
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

/**
 * The first of the sections (in page order) that reaches more than a pixel below `line`, by binary
 * search: a section scrolled to sits on the line, and the one before it may end a fraction below.
 */
function firstBelow(sections: Element[], line: number): Element | undefined {
  let low = 0;
  let high = sections.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sections[middle].getBoundingClientRect().bottom > line + 1) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return sections[low];
}
