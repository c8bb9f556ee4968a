/**
 * A Changelog release as one `<article>` with a stable anchor: `/changelog#v1.2.0` reaches that
 * release on the list of every release, as `/changelog/1.2.0` reaches its own page. The anchor is the
 * last segment of the post's permalink, which contract/releases/changelog.ts sets to the version.
 */
import React, {type ReactNode} from 'react';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Container';

export default function BlogPostItemContainer({children, className}: Props): ReactNode {
  const {metadata} = useBlogPost();
  const version = metadata.permalink.split('/').filter(Boolean).at(-1);
  return (
    <article className={className} id={version ? `v${version}` : undefined}>
      {children}
    </article>
  );
}
