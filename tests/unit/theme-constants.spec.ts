import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

/**
 * Spec section 9 lists constants that the theme and its libraries already have as defaults. The
 * portal relies on those defaults instead of restating them; these tests record each one, so an
 * upgrade that changes a default fails here rather than silently changing the site.
 */
function sourceOf(modulePath: string): string {
  return readFileSync(require.resolve(modulePath), 'utf8');
}

test('route progress bar: minimum 0.08, 200 ms animation, trickle every 800 ms at rate 0.02', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const nprogress = require('nprogress') as {settings: Record<string, unknown>};
  expect(nprogress.settings).toMatchObject({minimum: 0.08, speed: 200, trickle: true, trickleSpeed: 800, trickleRate: 0.02});
});

test('route progress bar appears 200 ms after a path change', () => {
  const themeProgress = sourceOf('@docusaurus/theme-classic/lib/nprogress.js');
  expect(themeProgress).toMatch(/const delay = 200;/);
  expect(themeProgress).toMatch(/nprogress\.configure\(\{ showSpinner: false \}\)/);
});

test('lazy-loaded routes wait 200 ms before showing the loading screen', () => {
  expect(sourceOf('react-loadable')).toMatch(/delay: 200,/);
});

test('collapsible sidebar categories animate with ease-in-out by default', () => {
  // The package exports no such subpath, so locate the file beside its entry point.
  const themeCommonLib = path.dirname(require.resolve('@docusaurus/theme-common'));
  expect(readFileSync(path.join(themeCommonLib, 'components/Collapsible/index.js'), 'utf8')).toMatch(
    /DefaultAnimationEasing = 'ease-in-out'/,
  );
});
