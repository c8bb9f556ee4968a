import type {ReactNode} from 'react';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TOCType>;

/**
 * The table of contents as a navigation landmark. A Changelog release's contents sit beside its
 * `<main>`, outside every landmark (axe: region); as a labelled `nav` they are one a screen reader
 * can list and jump to, on docs pages as well.
 */
export default function TOCWrapper(props: Props): ReactNode {
  return (
    <nav aria-label="On this page">
      <TOC {...props} />
    </nav>
  );
}
