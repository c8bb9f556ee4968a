import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';

import styles from './styles.module.css';

/**
 * The frame of a code block: the classic theme's component without its inline `--prism-color` and
 * `--prism-background-color`. Those came from the Prism theme of the current colour mode, and React
 * does not correct attributes while hydrating, so the stock code block remounted after hydration to
 * repaint them (src/theme/CodeBlock). The site's CSS sets both variables for each mode instead
 * (src/prism/tokenCss.ts), so the server's markup is right in either mode.
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({as: As, ...props}: {as: T} & ComponentProps<T>): ReactNode {
  const Element = As as 'div';
  return <Element {...(props as ComponentProps<'div'>)} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}
