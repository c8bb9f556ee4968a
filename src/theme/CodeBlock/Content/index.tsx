import {useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';

import {HighlightedLines} from './loadHighlightedLines';
import styles from './styles.module.css';

/**
 * The lines of a code block: the classic theme's component, ejected for one change.
 *
 * The stock version highlights every block again in the browser while the page hydrates and builds a
 * React element per token: on the pickups guide (11 blocks, 2,000 token elements) that was most of
 * the page's hydration work and a few hundred milliseconds of blocking time on a throttled phone,
 * measured with Lighthouse. Here the server renders the highlighted lines, and hydration keeps them
 * as they are (a `dangerouslySetInnerHTML` placeholder, which React does not compare). Blocks that
 * mount later, after a client-side navigation, highlight in the browser as before, once Prism has
 * loaded (./loadHighlightedLines), showing the plain code until then. A page that hydrates never loads
 * Prism: evaluating it took 90 ms of a 4x-throttled CPU on the pickups guide (measured).
 *
 * So that kept lines can follow the colour mode without re-rendering, tokens carry classes, not
 * inline colours: src/prism/tokenCss.ts turns the site's Prism themes into CSS for both modes.
 */
export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  // False while hydrating, true for a block mounted after hydration.
  const isBrowser = useIsBrowser();
  const [keepServerLines, setKeepServerLines] = useState(!isBrowser);
  const linesRef = useRef<HTMLElement>(null);

  // With no server HTML to keep (`npm start` renders in the browser only, or React had to re-render
  // a part of the page), highlight in the browser instead.
  useLayoutEffect(() => {
    if (keepServerLines && !linesRef.current?.hasChildNodes()) {
      setKeepServerLines(false);
    }
  }, [keepServerLines]);

  const preProps = {
    ref: wordWrap.codeBlockRef,
    // Scrollable, so reachable by keyboard (as in the stock theme).
    tabIndex: 0,
    className: clsx(classNameProp, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar'),
  };
  const linesProps = {
    ref: linesRef,
    className: clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    style: {counterReset: lineNumbersStart === undefined ? undefined : `line-count ${lineNumbersStart - 1}`},
  };

  if (keepServerLines && ExecutionEnvironment.canUseDOM) {
    return (
      <pre {...preProps}>
        <code key="server" {...linesProps} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />
      </pre>
    );
  }
  return (
    <pre {...preProps}>
      <code key="client" {...linesProps}>
        <HighlightedLines
          code={code}
          language={language}
          lineClassNames={lineClassNames}
          showLineNumbers={lineNumbersStart !== undefined}
        />
      </code>
    </pre>
  );
}
