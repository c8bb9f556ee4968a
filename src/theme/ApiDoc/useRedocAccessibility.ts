import {useEffect} from 'react';

/**
 * Where Redoc can overflow: code samples (`pre`), tables, and the box around each JSON sample (found
 * by scanning every element of the page at desktop and phone widths). Checking these, not every <div>
 * (about 5,000 on /api/), keeps the repair off the main thread: reading the layout of all of them took
 * 120 ms of a 4x-throttled CPU on each load (measured).
 */
const scrollingBoxCandidates = 'pre, table, div:has(> .redoc-json)';

/**
 * Repairs the accessibility gaps of Redoc's markup on /api/, which axe reports and Redoc offers no
 * option for. Runs after hydration and again whenever Redoc redraws part of the page:
 *
 * - its menu items (role="menuitem") sit in plain lists; each such list becomes the menu they
 *   belong to, which also stops them from being lists with non-item children;
 * - its example pickers are <select>s without a label;
 * - its code panels and tables scroll without being reachable by keyboard: every code sample, and
 *   each other scrolling box once its operation is laid out, gets tabindex="0" so it can be focused
 *   and scrolled (WCAG 2.1.1).
 */
export function useRedocAccessibility(): void {
  useEffect(() => {
    const root = document.querySelector('.redocusaurus');
    if (!root) {
      return undefined;
    }
    let scheduled = 0;
    const repair = () => {
      scheduled = 0;
      for (const item of root.querySelectorAll('[role="menuitem"]')) {
        const list = item.parentElement;
        if (list && !list.hasAttribute('role')) {
          list.setAttribute('role', 'menu');
        }
      }
      for (const select of root.querySelectorAll('select:not([aria-label])')) {
        select.setAttribute('aria-label', 'Choose an example');
      }
      for (const box of root.querySelectorAll<HTMLElement>(scrollingBoxCandidates)) {
        if (box.hasAttribute('tabindex')) {
          continue;
        }
        // A code sample is focusable whether or not it scrolls, as every code block of the site is
        // (src/theme/CodeBlock): no measuring, so it holds in operations not laid out yet too, where
        // axe measured a sample's <pre> as scrolling before the page could (CI of 2026-11-25).
        if (box.tagName === 'PRE') {
          box.setAttribute('tabindex', '0');
          continue;
        }
        // An operation far from the screen is not laid out (src/css/redoc.css); measuring a box in it
        // would lay it out. Its boxes are repaired when it is laid out (the listener below).
        if (!box.checkVisibility({contentVisibilityAuto: true}) || !isScrollable(box)) {
          continue;
        }
        box.setAttribute('tabindex', '0');
      }
    };
    const schedule = () => {
      scheduled ||= window.requestAnimationFrame(repair);
    };
    repair();
    const observer = new MutationObserver(schedule);
    observer.observe(root, {childList: true, subtree: true});
    window.addEventListener('resize', schedule);
    // Fired on an operation that starts or stops being laid out; it does not bubble, hence capture.
    const onLaidOut = (event: Event) => {
      if (!(event as ContentVisibilityAutoStateChangeEvent).skipped) {
        schedule();
      }
    };
    root.addEventListener('contentvisibilityautostatechange', onLaidOut, {capture: true});
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      root.removeEventListener('contentvisibilityautostatechange', onLaidOut, {capture: true});
      window.cancelAnimationFrame(scheduled);
    };
  }, []);
}

function isScrollable(element: HTMLElement): boolean {
  const overflows = element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight;
  if (!overflows) {
    return false;
  }
  const {overflowX, overflowY} = getComputedStyle(element);
  return /(auto|scroll)/.test(overflowX) || /(auto|scroll)/.test(overflowY);
}
