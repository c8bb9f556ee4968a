import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

import {provider, portalTitle} from '@site/src/settings/provider';
import AreaCards from './_components/AreaCards';
import styles from './index.module.css';

function HomepageHeader(): ReactNode {
  return (
    <header className={clsx('hero hero--primary', styles.heroBanner)}>
      <div className="container">
        <Heading as="h1" className="hero__title">
          {portalTitle}
        </Heading>
        <p className="hero__subtitle">{provider.tagline}</p>
        <div className={styles.buttons}>
          <Link className="button button--secondary button--lg" to="/docs/Agents/authentication">
            Get started
          </Link>
          <Link className={clsx('button button--outline button--lg', styles.heroSecondaryAction)} to="/api/">
            API reference
          </Link>
        </div>
      </div>
    </header>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title="Home"
      description={`Guides and API reference for integrating with ${provider.name}: pickups, tracking, rate quotes, documents and more.`}>
      {/* The hero sits inside <main>: outside it, its <header> would be a second banner landmark beside
          the announcement bar, and the skip link would pass over the page's heading. */}
      <main>
        <HomepageHeader />
        <AreaCards />
      </main>
    </Layout>
  );
}
