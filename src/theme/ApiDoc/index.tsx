import type {ReactNode} from 'react';
import type ApiDocOriginal from '@theme/ApiDoc';
import Layout from '@theme/Layout';
import Redoc from '@theme/Redoc';

import {TryItButtons} from './TryItButtons';
import {useJumpToSearchedOperation} from './useJumpToSearchedOperation';
import {useKeepReaderInPlace} from './useKeepReaderInPlace';
import {useLazySampleLanguages} from './useLazySampleLanguages';
import {useRedocAccessibility} from './useRedocAccessibility';

/**
 * The /api/ page: redocusaurus's ApiDoc with six changes. Redoc sits in a <main> landmark, which
 * screen readers use to skip the navbar and the offline search uses to index the page; a reader
 * arriving from a search result lands on the operation that matches the searched words; the gaps
 * axe finds in Redoc's markup are repaired in the browser; the view stays still when an operation
 * above it takes its real height; the Java, C#, Go, PHP and Ruby samples load when a reader picks one;
 * and every operation gets a "Try it".
 */
export default function ApiDoc({layoutProps, specProps}: Parameters<typeof ApiDocOriginal>[0]): ReactNode {
  useJumpToSearchedOperation(specProps.spec);
  useRedocAccessibility();
  useKeepReaderInPlace();
  useLazySampleLanguages(specProps.spec as never);
  const info = specProps.spec?.info;
  return (
    <Layout title={info?.title ?? 'API reference'} description={summarise(info?.description)} {...layoutProps}>
      <main>
        <Redoc {...specProps} />
        <TryItButtons spec={specProps.spec} />
      </main>
    </Layout>
  );
}

/** The first paragraph of the description, cut to the length search engines show. */
function summarise(markdown: string | undefined): string {
  const firstParagraph = (markdown ?? 'Reference of the integration APIs.').split(/\n\s*\n/)[0];
  const plain = firstParagraph.replace(/[`*_[\]]|\(\/[^)]*\)/g, '').replace(/\s+/g, ' ').trim();
  return plain.length <= 160 ? plain : `${plain.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
