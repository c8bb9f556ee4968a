import {lazy, Suspense, type ComponentProps, type ReactNode} from 'react';

import type HighlightedLinesModule from './HighlightedLines';

const LazyHighlightedLines = lazy(() => import('./HighlightedLines'));

/**
 * The browser's HighlightedLines: Prism and its grammars are fetched the first time a block
 * highlights in the browser, showing the plain code until then.
 *
 * The server build replaces this module with ./loadHighlightedLines.server (src/plugins/prismOnDemand),
 * which renders synchronously and without a Suspense boundary: React's build-time rendering moved
 * the content of such boundaries out of place, shipping each block twice (a placeholder, then a
 * hidden copy that an inline script swaps in).
 */
export function HighlightedLines(props: ComponentProps<typeof HighlightedLinesModule>): ReactNode {
  return (
    <Suspense fallback={<PlainLines code={props.code} />}>
      <LazyHighlightedLines {...props} />
    </Suspense>
  );
}

/** The code as it reads, laid out as @theme/CodeBlock/Line lays out its lines, while Prism loads. */
function PlainLines({code}: {code: string}): ReactNode {
  return code.split('\n').map((line, index) => (
    <div key={index} className="token-line">
      {line}
      <br />
    </div>
  ));
}
