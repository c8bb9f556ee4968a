import type {CSSProperties, ReactNode} from 'react';
import {usePrismTheme} from '@docusaurus/theme-common';
import {Highlight, type LineInputProps, type TokenInputProps} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';

type Props = {code: string; language: string; lineClassNames: Record<number, string[]>; showLineNumbers: boolean};

/**
 * The highlighted lines of a code block. A module of its own, loaded on demand (see ../index.tsx), so
 * that Prism is only fetched and run when a block has to highlight in the browser.
 */
export default function HighlightedLines({code, language, lineClassNames, showLineNumbers}: Props): ReactNode {
  const prismTheme = usePrismTheme();
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({tokens: lines, getLineProps, getTokenProps}) =>
        lines.map((line, index) => (
          <Line
            key={index}
            line={line}
            getLineProps={(input: LineInputProps) => withoutColours(getLineProps(input))}
            getTokenProps={(input: TokenInputProps) => withoutColours(getTokenProps(input))}
            classNames={lineClassNames[index]}
            showLineNumbers={showLineNumbers}
          />
        ))
      }
    </Highlight>
  );
}

/**
 * Drops the theme's inline styles, which the token classes carry, keeping the one layout style
 * prism-react-renderer adds: `display: inline-block` on empty lines.
 */
function withoutColours<T extends {style?: CSSProperties}>(props: T): T {
  const display = props.style?.display;
  return {...props, style: display ? {display} : undefined};
}
