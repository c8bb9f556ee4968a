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
