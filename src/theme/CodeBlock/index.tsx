import {isValidElement, Children, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/**
 * The classic theme's CodeBlock without its remount after hydration (`key={String(isBrowser)}`).
 * The stock component rendered every block a second time once the page had hydrated, so that inline
 * colours of the current colour mode replaced the server's (React does not correct attributes while
 * hydrating). Here no colour is inline: the frame reads CSS variables and tokens carry classes, both
 * set per mode by src/prism/tokenCss.ts. The blocks hydrate once, keeping the server's highlighted
 * lines (src/theme/CodeBlock/Content).
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) {
    return children;
  }
  // Only strings are left: join them into one.
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
