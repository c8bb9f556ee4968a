import {startTransition, useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import TryIt from '@site/src/components/TryIt';

import {specOperations, type Spec} from './specOperations';

type Placement = {operationId: string; summary: string; host: HTMLElement};

const hostAttribute = 'data-try-it-host';

/**
 * A "Try it" under the heading of every operation of /api/. Redoc renders the operations, so the
 * buttons are placed into its markup after hydration (the server HTML stays Redoc's alone, and
 * hydration cannot mismatch). If Redoc re-renders an operation and drops a host, it is placed again.
 */
export function TryItButtons({spec}: {spec: Spec}): ReactNode {
  const [placements, setPlacements] = useState<Placement[]>([]);

  useEffect(() => {
    const operations = specOperations(spec);
    let placed: Placement[] = [];
    function place() {
      const next: Placement[] = [];
      for (const {operationId, summary} of operations) {
        // Redoc's inner section of an operation: <div id="operation/<operationId>"><div><h2>…
        const heading = document.getElementById(`operation/${operationId}`)?.querySelector('h2');
        if (!heading) {
          continue;
        }
        let host = heading.nextElementSibling;
        if (!(host instanceof HTMLElement) || host.getAttribute(hostAttribute) !== operationId) {
          host = document.createElement('div');
          host.setAttribute(hostAttribute, operationId);
          heading.after(host);
        }
        next.push({operationId, summary: summary ?? operationId, host: host as HTMLElement});
      }
      placed = next;
      startTransition(() => setPlacements(next));
    }
    place();
    const redoc = document.querySelector('.redocusaurus');
    const observer = new MutationObserver(() => {
      if (placed.some(({host}) => !host.isConnected)) {
        place();
      }
    });
    if (redoc) {
      observer.observe(redoc, {childList: true, subtree: true});
    }
    return () => observer.disconnect();
  }, [spec]);

  return placements.map(({operationId, summary, host}) => createPortal(<TryIt operation={operationId} summary={summary} />, host, operationId));
}
