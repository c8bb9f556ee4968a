import {startTransition, useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import TryIt from '@site/src/components/TryIt';
import {whenNearViewport} from '@site/src/plugins/redoc/nearViewport';

import {specOperations, type Spec, type SpecOperation} from './specOperations';

type Placement = {operation: SpecOperation; host: HTMLElement};

const hostAttribute = 'data-try-it-host';

/**
 * A "Try it" under the heading of every operation of /api/. Redoc renders the operations, so the
 * buttons are placed into its markup after hydration: the server HTML stays Redoc's alone, and
 * hydration cannot mismatch.
 *
 * Each button is placed when its operation nears the viewport (./nearViewport), not all at once:
 * adding 28 boxes to Redoc's large page right after load made the browser lay the whole page out
 * again, about 100 ms more blocking time on Lighthouse's mobile CPU (measured). Redoc keeps its
 * elements through a change of colour mode (its new store renders into the same sections and leaves
 * the hosts in place, measured), so a placed button and its open console stay; try-it.spec.ts checks
 * that, before and after scrolling.
 */
export function TryItButtons({spec}: {spec: Spec}): ReactNode {
  const [placements, setPlacements] = useState<Placement[]>([]);

  useEffect(() => {
    const placed = new Map<string, Placement>();
    const publish = () => {
      const next = [...placed.values()];
      startTransition(() => setPlacements(next));
    };
    function place(operation: SpecOperation): boolean {
      // Redoc's inner section of an operation: <div id="operation/<operationId>"><div><h2>…
      const heading = document.getElementById(`operation/${operation.operationId}`)?.querySelector('h2');
      if (!heading) {
        return false;
      }
      let host = heading.nextElementSibling;
      if (!(host instanceof HTMLElement) || host.getAttribute(hostAttribute) !== operation.operationId) {
        host = document.createElement('div');
        host.setAttribute(hostAttribute, operation.operationId);
        heading.after(host);
      }
      placed.set(operation.operationId, {operation, host: host as HTMLElement});
      return true;
    }

    // One publish for all the buttons placed in the same frame.
    let publishing = false;
    const placeWhenNear = (operation: SpecOperation) => () => {
      if (place(operation) && !publishing) {
        publishing = true;
        queueMicrotask(() => {
          publishing = false;
          publish();
        });
      }
    };
    const stops = specOperations(spec).flatMap((operation) => {
      const section = document.getElementById(`operation/${operation.operationId}`);
      return section ? [whenNearViewport(section, placeWhenNear(operation))] : [];
    });
    return () => stops.forEach((stop) => stop());
  }, [spec]);

  return placements.map(({operation, host}) =>
    createPortal(<TryIt operation={operation.operationId} summary={operation.summary ?? operation.operationId} />, host, operation.operationId),
  );
}
