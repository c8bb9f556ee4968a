import React from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';

import CopyPageMarkdown from '@site/src/components/CopyPageMarkdown';

type Props = WrapperProps<typeof ContentType>;

/** Every docs page offers its Markdown beside its title (src/components/CopyPageMarkdown). */
export default function ContentWrapper(props: Props): React.JSX.Element {
  return (
    <>
      <CopyPageMarkdown />
      <Content {...props} />
    </>
  );
}
