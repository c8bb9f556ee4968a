import type {ReactNode} from 'react';

/**
 * Browser twin of redocusaurus's ServerStyles. React leaves an element's server-rendered inner HTML
 * alone when the client gives it `dangerouslySetInnerHTML`, so the light and dark Redoc styles
 * rendered at build time survive hydration without a mismatch.
 */
export function ServerStyles(_props: unknown): ReactNode {
  return (
    <div className="redocusaurus-styles" dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />
  );
}
