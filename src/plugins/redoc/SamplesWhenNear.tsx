import {createContext, startTransition, useContext, useEffect, useRef, useState, type ReactNode} from 'react';

import useBaseUrl from '@docusaurus/useBaseUrl';

import {openApiJsonPath} from '../../../contract/outputs';
import {whenNearViewport} from './nearViewport';
import {useSamplesVersion} from './samplesVersion';

/** The served description, whose examples are the samples. */
const descriptionSitePath = openApiJsonPath.slice('static'.length);

/**
 * True where every operation's samples must render at once: the build's style pass (ServerStyles.tsx),
 * which collects the CSS of everything Redoc can show, samples included, so that the browser inserts
 * no rule when they appear later.
 */
export const RenderAllSamples = createContext(false);

type Props = {
  /** Redoc's request samples and response samples of one operation. */
  children: ReactNode;
};

/**
 * The request and response samples of one operation of /api/ (Redoc's dark right-hand panel), rendered
 * when the reader nears the operation rather than into the page's HTML. Redoc's operation renders its
 * samples through this component (patchRedocBundle.js).
 *
 * The samples were more than half of /api/'s HTML: 277 of the 479 KB of its 28 operations, a JSON
 * example being a few hundred elements. The browser parsed and laid them out, and React hydrated them,
 * for operations far out of view. Leaving them out of the HTML halved /api/'s blocking time on
 * Lighthouse's mobile CPU, and at ten times the contract brought it under 3 s (figures in README.md).
 *
 * What stays in the HTML: every operation's description, parameters, schemas, responses and its
 * method and path, so the page reads without JavaScript and the site search indexes all of it. The
 * examples are in the downloadable description too, which the placeholder says when JavaScript is off.
 */
export function SamplesWhenNear({children}: Props): ReactNode {
  const renderAll = useContext(RenderAllSamples);
  const [near, setNear] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  const descriptionUrl = useBaseUrl(descriptionSitePath);
  // Drawn again, with the code of a language loaded since (useLazySampleLanguages.ts).
  const samplesVersion = useSamplesVersion();

  useEffect(() => {
    if (renderAll || near || !placeholder.current) {
      return undefined;
    }
    // A transition, so that a reader who scrolls through many operations is never kept waiting.
    return whenNearViewport(placeholder.current, () => startTransition(() => setNear(true)));
  }, [renderAll, near]);

  if (renderAll || near) {
    // A box without margin, border or padding: Redoc's panel lays the samples out as before.
    return (
      <div data-samples="" key={samplesVersion}>
        {children}
      </div>
    );
  }
  return (
    <div ref={placeholder} className="redoc-samples-pending" data-samples-pending="">
      <noscript>
        <p>
          The request and response samples of this call are shown by the page&apos;s script. Without
          it, find them as the examples of the OpenAPI description: <a href={descriptionUrl}>{descriptionSitePath.slice(1)}</a>.
        </p>
      </noscript>
    </div>
  );
}
