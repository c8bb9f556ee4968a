/**
 * Links from the contract to this portal (guides, downloads) are written site-relative in the source.
 * The served files make them absolute with the portal URL from the provider settings: OpenAPI
 * resolves a relative URL against the API server, so in Postman, Swagger UI or a code generator a
 * relative `/docs/…` would point at the API host. /api/ turns them back into site links
 * (src/plugins/redoc/specPlugin.ts), so the page never sends a reader to another host.
 */
import {downloadsMarkdown} from '../src/downloads';
import {mapStrings} from './documentStrings';

/** Where `openapi/openapi.yaml` asks for the downloads list; the bundle fails if it is gone. */
export const downloadsPlaceholder = /<!-- downloads:[^>]*-->/;

const isDescriptiveKey = (key: string | undefined) => key === 'description' || key === 'summary';

/**
 * Absolute links for the served files: every `url` that starts with `/` (externalDocs) and every
 * Markdown link to `/…` in a description, plus the downloads list where the source places it.
 */
export function withAbsoluteSiteLinks<T>(document: T, portalUrl: string): T {
  let placedDownloads = false;
  const result = mapStrings(document, (text, key) => {
    if (key === 'url' && text.startsWith('/')) {
      return `${portalUrl}${text}`;
    }
    if (!isDescriptiveKey(key)) {
      return text;
    }
    let described = text.replace(/\]\(\//g, `](${portalUrl}/`);
    if (downloadsPlaceholder.test(described)) {
      described = described.replace(downloadsPlaceholder, () => downloadsMarkdown(portalUrl));
      placedDownloads = true;
    }
    return described;
  });
  if (!placedDownloads) {
    throw new Error('openapi/openapi.yaml: info.description has lost its `<!-- downloads: … -->` line, where the downloads list goes');
  }
  return result;
}

/** The /api/ page's copy: links back within the site, and the downloads list with each file's size. */
export function withSiteRelativeLinks<T>(document: T, portalUrl: string, sizes: Map<string, number>): T {
  const servedList = downloadsMarkdown(portalUrl);
  let placedSizes = false;
  const result = mapStrings(document, (text, key) => {
    let changed = text;
    if (isDescriptiveKey(key) && changed.includes(servedList)) {
      changed = changed.replace(servedList, () => downloadsMarkdown('', sizes));
      placedSizes = true;
    }
    if (key === 'url' && changed.startsWith(`${portalUrl}/`)) {
      return changed.slice(portalUrl.length);
    }
    return isDescriptiveKey(key) ? changed.split(`](${portalUrl}/`).join('](/') : changed;
  });
  if (!placedSizes) {
    throw new Error('openapi/openapi.yaml: its description lacks the downloads list (the `<!-- downloads: … -->` line)');
  }
  return result;
}
