/**
 * Everything that names the carrier behind this portal. Swap these values to re-brand the site, the
 * navbar, the footer and the OpenAPI description at once; nothing else in the project spells them.
 *
 * Until a real carrier is set, the values are a neutral placeholder on the reserved `.example`
 * top-level domain (RFC 2606), so no link or sample request can reach a real host by accident.
 */
export type ProviderSettings = {
  /** Trading name, used in the site title, the navbar and the API description. */
  readonly name: string;
  /** Short line under the title on the home page. */
  readonly tagline: string;
  /** Logo file under `static/`, shown in the navbar; also the favicon. */
  readonly logo: {readonly src: string; readonly alt: string};
  /** Public URL where this portal is deployed (no trailing slash). */
  readonly portalUrl: string;
  /** Base URLs of the APIs; every documented path is relative to one of them. */
  readonly apiServers: {readonly production: string; readonly testing: string};
  /** The hosted copy of the OpenAPI description, as the carrier publishes it. */
  readonly remoteOpenApiUrl: string;
  /** Where integrators ask for credentials and help. */
  readonly support: {readonly name: string; readonly email: string; readonly url: string};
  /** Copyright holder and year shown in the footer. */
  readonly copyright: {readonly holder: string; readonly year: number};
};

const apiBaseUrl = 'https://api.carrier.example';

export const provider = {
  name: 'Example Carrier',
  tagline: 'Connect your warehouse, shipping and delivery systems to our less-than-truckload network.',
  logo: {src: '/img/provider-logo.svg', alt: 'Example Carrier logo'},
  portalUrl: 'https://developer.carrier.example',
  apiServers: {production: apiBaseUrl, testing: `${apiBaseUrl}/testing`},
  remoteOpenApiUrl: `${apiBaseUrl}/openapi.json`,
  support: {
    name: 'Integration support',
    email: 'integrations@carrier.example',
    url: 'https://www.carrier.example/contact',
  },
  copyright: {holder: 'Example Carrier', year: 2025},
} as const satisfies ProviderSettings;

/** The site title, as the browser tab and the navbar show it. */
export const portalTitle = `${provider.name} Developer Portal`;

/**
 * Whether a URL or address is still this file's neutral placeholder (the reserved `.example` domain),
 * so pages and the contract can say so where a reader meets it instead of passing it off as the carrier's.
 */
export function isPlaceholder(urlOrEmail: string): boolean {
  const host = urlOrEmail.includes('://') ? new URL(urlOrEmail).hostname : urlOrEmail.split('@').pop() ?? '';
  return host === 'example' || host.endsWith('.example');
}
