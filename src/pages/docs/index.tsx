import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {Redirect} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

/** Spec section 2: the docs root lands on the main doc. */
export const mainDocPath = '/docs/Agents/authentication';

/**
 * `/docs` has no page of its own. In the browser, the router redirects at once; the static HTML
 * carries a meta refresh and a plain link, so a reader without JavaScript still lands on the main doc.
 */
export default function DocsRoot(): ReactNode {
  // Only in the static HTML: added in the browser, a meta refresh would reload the whole app.
  const isBrowser = useIsBrowser();
  return (
    <Layout title="Documentation">
      {!isBrowser && (
        <Head>
          <meta httpEquiv="refresh" content={`0; url=${mainDocPath}`} />
        </Head>
      )}
      <Redirect to={mainDocPath} />
      <main className="container margin-vert--xl">
        <Heading as="h1">Documentation</Heading>
        <p>
          Continue to <Link to={mainDocPath}>Agents: authentication</Link>.
        </p>
      </main>
    </Layout>
  );
}
