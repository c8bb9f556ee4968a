import {useEffect} from 'react';
import {useLocation} from '@docusaurus/router';

import {specOperations, type Spec} from './specOperations';

/** The query parameter the offline search adds to a result's link (highlightSearchTermsOnTargetPage). */
const searchParameter = '_highlight';

/**
 * The offline search indexes /api/ as one page, so its result links to the top of the page. When the
 * link carries the searched words and no anchor, this scrolls to the best matching operation: its
 * summary first, then its operationId and path, then its description.
 */
export function useJumpToSearchedOperation(spec: Spec): void {
  const {search, hash} = useLocation();
  useEffect(() => {
    const words = new URLSearchParams(search).getAll(searchParameter).flatMap((term) => term.toLowerCase().split(/\s+/)).filter(Boolean);
    if (words.length === 0 || hash) {
      return;
    }
    const operationId = bestMatch(spec, words);
    const section = operationId && document.querySelector(`[id$="/operation/${CSS.escape(operationId)}"]`);
    if (section) {
      // Redoc follows the hash: it scrolls below the fixed navbar and marks the operation in its menu.
      window.location.hash = section.id;
    }
  }, [spec, search, hash]);
}

function bestMatch(spec: Spec, words: string[]): string | undefined {
  let best: {operationId: string; score: number} | undefined;
  for (const operation of specOperations(spec)) {
    const score = words.reduce((total, word) => {
      const weigh = (text: string | undefined, weight: number) => (text?.toLowerCase().includes(word) ? weight : 0);
      return total + Math.max(weigh(operation.summary, 4), weigh(operation.operationId, 3), weigh(operation.path, 3), weigh(operation.description, 1));
    }, 0);
    if (score > 0 && (!best || score > best.score)) {
      best = {operationId: operation.operationId, score};
    }
  }
  return best?.operationId;
}
