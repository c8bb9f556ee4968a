import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type * as Preset from '@docusaurus/preset-classic';

import {config} from '../../docusaurus.config';
import redocSpecPlugin from '../../src/plugins/redoc/specPlugin';
import {provider, portalTitle} from '../../src/settings/provider';
import {openApiJsonPath, outputFolder} from '../../contract/outputs';

const themeConfig = config.themeConfig as Preset.ThemeConfig;

test('site identity and routing follow spec sections 1, 2 and 9', () => {
  expect(config.title).toBe(portalTitle);
  expect(config.url).toBe(provider.portalUrl);
  expect(config.baseUrl).toBe('/');
  expect(config.trailingSlash).toBeUndefined();
  expect(config.future?.experimental_router ?? 'browser').toBe('browser');
  expect(config.i18n).toEqual({defaultLocale: 'en', locales: ['en']});
});

test('build guards: the site’s own link check, not Docusaurus’s, stops on broken links; broken markdown links warn (spec section 5)', () => {
  // The behaviour is checked by building broken copies (tests/build-checks/guards.spec.ts, contract.spec.ts).
  expect(config.onBrokenLinks).toBe('ignore');
  expect(config.onBrokenAnchors).toBe('ignore');
  // The site's check is the last step of `npm run build`, after the pages and llms.txt are written.
  const scripts = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')).scripts as Record<string, string>;
  expect(scripts.postbuild).toMatch(/&& tsx scripts\/build\/checkLinks\.ts$/);
  expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
});

test('colour mode: light by default, switch enabled, system preference ignored (spec section 4)', () => {
  expect(themeConfig.colorMode).toEqual({defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false});
});

test('table of contents shows heading levels 2 to 3 (spec section 9)', () => {
  expect(themeConfig.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
});

test('footer is dark with only the 2025 copyright line', () => {
  expect(themeConfig.footer).toEqual({
    style: 'dark',
    links: [],
    copyright: `Copyright © 2025 ${provider.copyright.holder}.`,
  });
});

test('the API reference renders the bundled copy of openapi/ and offers the local copy for download', () => {
  const specPlugin = config.plugins?.find((plugin) => Array.isArray(plugin) && plugin[0] === redocSpecPlugin);
  const [, spec] = specPlugin as [unknown, {spec: string; url: string; route: string}];
  // The build's published copy (contract/outputs.ts); the preview reads its own.
  expect(spec).toMatchObject({spec: `${outputFolder('build')}/${openApiJsonPath}`, url: '/openapi.json', route: '/api/'});
  expect(config.customFields?.remoteOpenApiUrl).toBe(provider.remoteOpenApiUrl);
});

test('provider hosts stay on the reserved .example domain until a real carrier is set', () => {
  for (const url of [provider.portalUrl, provider.apiServers.production, provider.apiServers.testing, provider.remoteOpenApiUrl]) {
    expect(new URL(url).hostname).toMatch(/\.example$/);
  }
  expect(provider.apiServers.testing).toBe(`${provider.apiServers.production}/testing`);
});
