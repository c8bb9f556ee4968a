/**
 * What the tests expect of the site, in one place. Headings are the visible <h1> of each route of the
 * specification's section 2; provider values come from the settings module, never retyped.
 */
import {portalTitle, provider} from '../src/settings/provider';

export type SiteRoute = {
  /** The path as a reader types it. */
  readonly path: string;
  /** Where the reader ends up (differs for the /docs root, which lands on the main doc). */
  readonly landsOn?: string;
  readonly heading: string | RegExp;
};

export const mainDocPath = '/docs/Agents/authentication';

export const siteRoutes: readonly SiteRoute[] = [
  {path: '/', heading: portalTitle},
  {path: '/docs', landsOn: mainDocPath, heading: 'Authentication'},
  {path: '/docs/Agents/authentication', heading: 'Authentication'},
  {path: '/docs/Agents/intro', heading: 'Introduction for agents'},
  {path: '/docs/Agents/test-enviroment', heading: 'Test environment'},
  {path: '/docs/EDI/', heading: 'EDI'},
  {path: '/docs/SOAP Web Services/authentication', heading: 'SOAP authentication'},
  {path: '/docs/SOAP Web Services/rate-quote', heading: 'SOAP rate quote'},
  {path: '/api/', heading: new RegExp(`^${provider.name} APIs`)},
  {path: '/markdown-page', heading: 'Markdown page example'},
];

/** The integrator guides (issue 4), each with the word an integrator would search it by. */
export const guides: readonly {path: string; title: string; searchTerm: string}[] = [
  {path: '/docs/guides/getting-started', title: 'Getting started', searchTerm: 'bearer'},
  {path: '/docs/guides/warehouse', title: 'Warehouse shipments and receipts', searchTerm: 'receipt'},
  {path: '/docs/guides/inventory', title: 'Inventory inquiry', searchTerm: 'inventory'},
  {path: '/docs/guides/distribution-plans', title: 'Distribution plans', searchTerm: 'distribution'},
  {path: '/docs/guides/pickups', title: 'Pickups', searchTerm: 'pickup'},
  {path: '/docs/guides/tracking', title: 'Tracking', searchTerm: 'tracking'},
  {path: '/docs/guides/bol-with-pickup', title: 'BOL with pickup', searchTerm: 'BOL'},
  {path: '/docs/guides/documents', title: 'Documents', searchTerm: 'documents'},
  {path: '/docs/guides/rate-quotes', title: 'Rate quotes', searchTerm: 'quote'},
  {path: '/docs/guides/agents', title: 'Agent probill handling', searchTerm: 'POD'},
  {path: '/docs/guides/eta', title: 'Transit ETA', searchTerm: 'ETA'},
  {path: '/docs/guides/typed-client', title: 'Typed client', searchTerm: 'TypeScript'},
  {path: '/docs/guides/statuses', title: 'Status reference', searchTerm: 'status'},
  {path: '/docs/guides/errors', title: 'Error catalogue', searchTerm: 'error'},
];

export const notFoundHeading = 'Page Not Found';

/** The standalone markdown page, used by the error-screen tests; its h1 text is in its code chunk. */
export const markdownPage = {path: '/markdown-page', heading: 'Markdown page example'};

/** Same-origin resources only: anything else is a request to a third-party host. */
export function isOwnOrigin(url: string, baseURL: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) {
    return true;
  }
  return new URL(url).origin === new URL(baseURL).origin;
}
