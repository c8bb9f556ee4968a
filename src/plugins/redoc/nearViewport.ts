/**
 * "Near the viewport", as /api/ means it: within a screen's height above or below what the reader
 * sees. Work for an operation of /api/ (its samples, its Try it) is done when the reader nears it, a
 * screen ahead, so it is ready before it scrolls in; this covers scrolling, Redoc's menu and search
 * results, and links with an anchor, which all scroll the operation into view.
 *
 * One IntersectionObserver serves every caller: /api/ watches a few elements per operation, and one
 * observer computes their intersections in one pass per frame.
 */
const callbacks = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const onNear = callbacks.get(entry.target);
        if (entry.isIntersecting && onNear) {
          stopWatching(entry.target);
          onNear();
        }
      }
    },
    {rootMargin: '100% 0px'},
  );
  return observer;
}

function stopWatching(element: Element): void {
  callbacks.delete(element);
  observer?.unobserve(element);
}

/**
 * Calls `onNear` once, when `element` first comes near the viewport (at once if it already is).
 * Returns a function that stops watching, for an element that leaves the page first.
 */
export function whenNearViewport(element: Element, onNear: () => void): () => void {
  callbacks.set(element, onNear);
  sharedObserver().observe(element);
  return () => {
    if (callbacks.get(element) === onNear) {
      stopWatching(element);
    }
  };
}
