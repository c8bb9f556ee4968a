import {useEffect} from 'react';

/**
 * Repairs the accessibility gaps of Redoc's markup on /api/, which axe reports and Redoc offers no
 * option for. Runs after hydration and again whenever Redoc redraws part of the page:
 *
 * - its menu items (role="menuitem") sit in plain lists; each such list becomes the menu they
 *   belong to, which also stops them from being lists with non-item children;
 * - its example pickers are <select>s without a label;
 * - its code panels and tables scroll without being reachable by keyboard: each scrolling box gets
 *   tabindex="0" so it can be focused and scrolled (WCAG 2.1.1).
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
      for (const box of root.querySelectorAll<HTMLElement>('pre, table, div')) {
        if (box.hasAttribute('tabindex') || !isScrollable(box)) {
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
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
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
