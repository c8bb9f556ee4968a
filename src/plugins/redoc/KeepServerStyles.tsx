import type {ReactNode} from 'react';

/**
 * The server's Redoc styles (./ServerStyles), as the page that started the session received them. Read
 * once, when this module loads before hydration; empty when the session started on another page.
 */
const stylesFromServer =
  typeof document === 'undefined' ? '' : (document.querySelector('.redocusaurus-styles')?.innerHTML ?? '');

/**
 * Browser twin of ./ServerStyles. React leaves an element's server-rendered inner HTML alone when the
 * client gives it `dangerouslySetInnerHTML`, so the light and dark Redoc styles rendered at build time
 * survive hydration without a mismatch (React #418 with redocusaurus's empty twin).
 *
 * They must also come back when the reader leaves /api/ and returns to it without a reload:
 * styled-components has registered their class names as already styled and will not insert those
 * rules itself.
 */
export function ServerStyles(_props: unknown): ReactNode {
  return (
    <div
      className="redocusaurus-styles"
      dangerouslySetInnerHTML={{__html: stylesFromServer}}
      suppressHydrationWarning
    />
  );
}
