import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';

/**
 * Docusaurus fetches ahead the code of every page that a link in view leads to. On a guide the
 * sidebar and the page bring some thirty links into view at once, and their prefetches ran as one
 * task right after the page hydrated: 27 ms, or over 100 ms on a throttled phone, most of it adding
 * `<link rel="prefetch">` tags (measured). Here they wait for idle time and go one at a time, so the
 * page answers input first. Hovering or touching a link still loads its page at once (`preload`).
 */
// Time a prefetch may wait for in Safari, which has no requestIdleCallback.
const fallbackBudgetMs = 4;
const queue: string[] = [];
let draining = false;

type Deadline = Pick<IdleDeadline, 'timeRemaining'>;
const whenIdle: (callback: (deadline: Deadline) => void) => void =
  ExecutionEnvironment.canUseDOM && 'requestIdleCallback' in window
    ? (callback) => window.requestIdleCallback(callback)
    : (callback) => {
        // Safari has no requestIdleCallback: a later task with a fixed budget.
        const start = performance.now();
        setTimeout(() => callback({timeRemaining: () => Math.max(0, fallbackBudgetMs - (performance.now() - start))}), 50);
      };

/**
 * One route per idle period: a prefetch adds a tag per code chunk of its page, 5 to 10 ms of work on
 * its own (measured), and idle periods last up to 50 ms, longer than a task should keep input waiting.
 */
function drain(prefetch: (path: string) => false | Promise<void[]>, deadline: Deadline): void {
  if (queue.length > 0 && deadline.timeRemaining() > 1) {
    void prefetch(queue.shift()!);
  }
  draining = queue.length > 0;
  if (draining) {
    whenIdle((next) => drain(prefetch, next));
  }
}

let installed = false;

const clientModule: ClientModule = {
  // The first call comes as the first page renders, before any link in view asks to prefetch;
  // `window.docusaurus` does not exist yet when client modules load.
  onRouteDidUpdate() {
    if (installed || !ExecutionEnvironment.canUseDOM) {
      return;
    }
    installed = true;
    // Docusaurus freezes this object; links read it anew at each call, so a copy can take its place.
    const {prefetch} = window.docusaurus;
    window.docusaurus = {
      ...window.docusaurus,
      prefetch: (routePath) => {
        queue.push(routePath);
        if (!draining) {
          draining = true;
          whenIdle((deadline) => drain(prefetch, deadline));
        }
        return false;
      },
    };
  },
};

export default clientModule;
