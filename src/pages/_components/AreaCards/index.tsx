import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

type Area = {title: string; to: string; description: string};

/** The API areas of spec section 1, grouped by who integrates them. */
const areas: readonly Area[] = [
  {
    title: 'Authentication',
    to: '/docs/Agents/authentication',
    description: 'Exchange your account id and password for a bearer token, then send it on the protected calls.',
  },
  {
    title: 'Shippers',
    to: '/api/',
    description: 'Request, reschedule and cancel pickups, create a BOL with a pickup, quote rates and estimate transit.',
  },
  {
    title: 'Warehouse clients',
    to: '/api/',
    description: 'Create shipments and receipts, check inventory and submit distribution plans.',
  },
  {
    title: 'Tracking and documents',
    to: '/api/',
    description: 'Follow probills and pickups by their status; fetch BOLs, labels and PODs.',
  },
  {
    title: 'Delivery agents',
    to: '/docs/Agents/intro',
    description: 'Post status updates and proof of delivery, book appointments and mark manifests arrived.',
  },
  {
    title: 'Test environment',
    to: '/docs/Agents/test-enviroment',
    description: "Try every call against the portal's sandbox before you switch to production.",
  },
];

export default function AreaCards(): ReactNode {
  return (
    <section className="container margin-vert--xl" aria-labelledby="api-areas">
      <Heading as="h2" id="api-areas">
        What you can build
      </Heading>
      <ul className={styles.grid}>
        {areas.map((area) => (
          <li key={area.title} className={styles.card}>
            <Heading as="h3" className={styles.cardTitle}>
              <Link to={area.to}>{area.title}</Link>
            </Heading>
            <p>{area.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
