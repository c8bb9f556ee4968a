/**
 * The Changelog's list of releases (the blog plugin's list page, ejected): the same page, with a
 * heading, one line on what it lists, and the two feeds an integrator subscribes to. The portal has no
 * other blog, so this page is only ever the Changelog.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';

import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {PageMetadata, HtmlClassNameProvider, ThemeClassNames} from '@docusaurus/theme-common';
import BlogLayout from '@theme/BlogLayout';
import BlogListPaginator from '@theme/BlogListPaginator';
import SearchMetadata from '@theme/SearchMetadata';
import type {Props} from '@theme/BlogListPage';
import BlogPostItems from '@theme/BlogPostItems';
import BlogListPageStructuredData from '@theme/BlogListPage/StructuredData';

import styles from './styles.module.css';

function BlogListPageMetadata(props: Props): ReactNode {
  const {metadata} = props;
  const {
    siteConfig: {title: siteTitle},
  } = useDocusaurusContext();
  const {blogDescription, blogTitle, permalink} = metadata;
  const title = permalink === '/' ? siteTitle : blogTitle;
  return (
    <>
      <PageMetadata title={title} description={blogDescription} />
      <SearchMetadata tag="blog_posts_list" />
    </>
  );
}

/** Feeds are files the blog plugin writes beside the list page: plain links, not router links. */
function ChangelogHeader({metadata}: Pick<Props, 'metadata'>): ReactNode {
  const base = useBaseUrl(metadata.permalink).replace(/\/$/, '');
  return (
    <header className={styles.header}>
      <h1>{metadata.blogTitle}</h1>
      <p>{metadata.blogDescription}</p>
      <p>
        Follow the API changes in a feed reader: <a href={`${base}/rss.xml`}>RSS</a> or <a href={`${base}/atom.xml`}>Atom</a>. The
        feeds carry only the releases that change a request or an answer; documentation edits are listed here.
      </p>
    </header>
  );
}

function BlogListPageContent(props: Props): ReactNode {
  const {metadata, items, sidebar} = props;
  return (
    <BlogLayout sidebar={sidebar}>
      <ChangelogHeader metadata={metadata} />
      <BlogPostItems items={items} />
      <BlogListPaginator metadata={metadata} />
    </BlogLayout>
  );
}

export default function BlogListPage(props: Props): ReactNode {
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.wrapper.blogPages, ThemeClassNames.page.blogListPage)}>
      <BlogListPageMetadata {...props} />
      <BlogListPageStructuredData {...props} />
      <BlogListPageContent {...props} />
    </HtmlClassNameProvider>
  );
}
