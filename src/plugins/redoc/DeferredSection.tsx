import {memo, startTransition, useEffect, useState, type ReactNode} from 'react';
import {flushSync} from 'react-dom';

/**
 * Brings each operation of /api/ to life when the reader gets near it, instead of all of them while
 * the page hydrates.
 *
 * The build renders every operation into the page's HTML, so the whole reference can be read,
 * searched in the page and indexed before any JavaScript runs. Hydrating that HTML was the page's
 * main cost: React walked every operation in one go before the page answered a click (6.7 s of a
 * 4x-throttled CPU with the contract copied tenfold, Lighthouse, `npm run bench -- --scale 10`).
 *
 * Redoc's content list renders each operation through this component (patchRedocBundle.js). On the
 * first hydration of the page it keeps the operation's server HTML untouched (React leaves the inner
 * HTML of an element rendered with `dangerouslySetInnerHTML` alone) and renders nothing of it. The
 * operation goes live, rendered by React in place of that HTML, when:
 * - it comes within a screen's height of the viewport (an IntersectionObserver), which covers
 *   scrolling, Redoc's menu, its search results and links with an anchor;
 * - or the reader points at it, presses a key, touches it or moves focus into it first (captured on
 *   the document, ahead of React). Focus is put back on the same element of the live copy, and a
 *   click that began on the kept copy is delivered to the same element of the live one.
 *
 * The kept HTML has the class names of the colour mode the page hydrated in, which is always light:
 * Docusaurus switches to a stored dark mode right after hydration. A change of mode gives Redoc a new
 * store (useSpec.ts), hence new items, and a kept operation whose item changes goes live, in one
 * interruptible transition, as all of them re-rendered before this component existed. Dark-mode
 * readers therefore get no saving; light-mode readers, the default, do.
 *
 * A kept operation's wrapper carries `data-kept` (set here, since hydration adds no attribute), so a
 * test can tell which operations still show their server HTML.
 *
 * A Suspense boundary per operation (React's selective hydration) was tried first and measured worse:
 * any context change above it, such as Docusaurus's "is browser" flag right after hydration, forces a
 * boundary that still waits to render from scratch at once, so all 280 did.
 *
 * On the server, and when /api/ is reached by a client-side navigation (no HTML to keep), operations
 * render live straight away.
 */

/** Makes one kept operation live: at once (`urgent`, for input) or as an interruptible transition. */
type Release = (urgent?: boolean) => void;

const pending = new Map<string, Release>();
let observer: IntersectionObserver | undefined;

function isFirstHydration(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hasHydrated !== 'true';
}

/** The id of the pending section that holds `target`, and the path from that section down to it. */
function pendingSectionOf(target: EventTarget | null): {id: string; path: number[]} | undefined {
  const path: number[] = [];
  for (let element = target instanceof Element ? target : null; element; element = element.parentElement) {
    if (element.id && pending.has(element.id)) {
      return {id: element.id, path};
    }
    path.unshift(element.parentElement ? [...element.parentElement.children].indexOf(element) : 0);
  }
  return undefined;
}

function elementAt(root: Element, path: number[]): Element | undefined {
  let element: Element | undefined = root;
  for (const index of path) {
    element = element?.children[index];
  }
  return element;
}

/**
 * Input inside a pending operation makes it live at once, before React sees the event. Pointing at
 * it is the usual case: a mouse reaches an operation before it clicks. A touch or a key does not
 * point first, hence the focus and click repairs.
 */
function releaseOnInput(event: Event): void {
  const found = pendingSectionOf(event.target);
  if (!found) {
    return;
  }
  flushSync(() => pending.get(found.id)!(true));
  const section = document.getElementById(found.id);
  const twin = section ? elementAt(section, found.path) : undefined;
  if (!(twin instanceof HTMLElement || twin instanceof SVGElement)) {
    return;
  }
  if (event.type === 'focusin') {
    twin.focus();
  } else if (event.type === 'pointerdown') {
    // The pressed element is gone, so the browser would deliver the click to an ancestor.
    const redirect = (click: Event) => {
      if (click.target instanceof Node && click.target !== twin && click.target.contains(twin)) {
        click.stopPropagation();
        click.preventDefault();
        twin.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
      }
    };
    document.addEventListener('click', redirect, {capture: true, once: true});
  }
}

function startWatching(): IntersectionObserver {
  // A screen's height ahead, above and below: an operation is live before it scrolls into view.
  const created = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          pending.get(entry.target.id)?.();
        }
      }
    },
    {rootMargin: '100% 0px'},
  );
  for (const type of ['pointerover', 'pointerdown', 'keydown', 'focusin']) {
    document.addEventListener(type, releaseOnInput, {capture: true});
  }
  return created;
}

type DeferredSectionProps = {
  /** The operation's section element id (`tag/…/operation/…`). */
  id: string;
  /** Redoc's menu item of the operation: a new one means new content. */
  item: object;
  children: ReactNode;
};

/**
 * One operation of Redoc's content. Memoised on the operation, not on `children`: Redoc's list
 * re-renders and hands over new, equal elements, which would otherwise re-render every operation.
 */
export const DeferredSection = memo(
  function DeferredSection({id, item, children}: DeferredSectionProps): ReactNode {
    const [live, setLive] = useState(() => !isFirstHydration());
    const [hydratedItem] = useState(item);

    useEffect(() => {
      if (live) {
        return undefined;
      }
      const section = document.getElementById(id);
      section?.querySelector(':scope > .redoc-deferred-section')?.setAttribute('data-kept', '');
      const release: Release = (urgent) => {
        pending.delete(id);
        observer?.unobserve(section!);
        if (urgent) {
          setLive(true);
        } else {
          startTransition(() => setLive(true));
        }
      };
      if (!section || item !== hydratedItem) {
        release();
        return undefined;
      }
      pending.set(id, release);
      observer ??= startWatching();
      observer.observe(section);
      return () => {
        pending.delete(id);
        observer?.unobserve(section);
      };
    }, [id, item, live, hydratedItem]);

    // `display: contents`: the wrapper adds no box, so Redoc's layout is the same either way.
    return live ? (
      <div key="live" className="redoc-deferred-section">
        {children}
      </div>
    ) : (
      <div key="kept" className="redoc-deferred-section" dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />
    );
  },
  (previous, next) => previous.id === next.id && previous.item === next.item,
);
