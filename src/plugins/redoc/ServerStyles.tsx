import type {ReactNode} from 'react';
import {renderToString} from 'react-dom/server';
import useBaseUrl from '@docusaurus/useBaseUrl';
import postcss from 'postcss';
import prefixSelector from 'postcss-prefix-selector';
import {AppStore, Redoc, type RedocRawOptions} from 'redoc';
import {ServerStyleSheet, version as styledComponentsVersion} from 'styled-components';

import {RenderAllSamples} from './SamplesWhenNear';
import {styleSplitter, splitStyledOutput} from './styledOutput';

type Props = {
  specProps: {spec: object; url?: string; normalizeUrl?: boolean};
  lightThemeOptions: RedocRawOptions;
  darkThemeOptions: RedocRawOptions;
};

// Each mode's rules apply only in that mode: the two themes give some components different class names.
const lightModePrefix = "html:not([data-theme='dark'])";
const darkModePrefix = "html[data-theme='dark']";

/**
 * Build-time (server) twin of redocusaurus's ServerStyles: Redoc's CSS for each colour mode, rendered
 * into the page so /api/ is styled before any JavaScript runs, and made known to styled-components in
 * the browser.
 *
 * redocusaurus printed the CSS alone, so styled-components in the browser did not know it was there and
 * inserted all of Redoc's rules again while hydrating: 325 `insertRule` calls, each followed by a
 * recalculation of the style of the whole 9,000-element page (about 130 ms each on a mobile CPU,
 * measured), which made most of /api/'s blocking time. Here the class names of both modes also go out
 * in styled-components' own server format, in a `<style data-styled>` that it reads when it starts in
 * the browser: it registers the names, removes that tag, and inserts only the rules of states the
 * server did not render (an expanded schema, say).
 *
 * This also repairs redocusaurus's dark-mode prefix, `html([data-theme='dark'])`, which is not a valid
 * selector, so the browser dropped every dark rule of the server's CSS.
 */
export function ServerStyles({specProps, lightThemeOptions, darkThemeOptions}: Props): ReactNode {
  const absoluteUrl = useBaseUrl(specProps.url, {absolute: true});
  const url = specProps.normalizeUrl ? absoluteUrl : specProps.url;
  const light = splitStyledOutput(renderStyles(new AppStore(specProps.spec as never, url, lightThemeOptions)));
  const dark = splitStyledOutput(renderStyles(new AppStore(specProps.spec as never, url, darkThemeOptions)));
  const styledAttributes = {
    'data-styled': 'true',
    'data-styled-version': styledComponentsVersion,
    // Not CSS to the browser, which skips it, nor to the HTML minifier, whose unquoting of `[id="…"]`
    // would hide the markers from styled-components.
    type: 'text/x-styled-components-markers',
  };
  return (
    <div className="redocusaurus-styles">
      <style dangerouslySetInnerHTML={{__html: prefixed(light.rules, lightModePrefix)}} />
      <style dangerouslySetInnerHTML={{__html: prefixed(dark.rules, darkModePrefix)}} />
      <style {...styledAttributes} dangerouslySetInnerHTML={{__html: [...light.markers, ...dark.markers].join(styleSplitter)}} />
    </div>
  );
}

/**
 * Everything styled-components collects while Redoc renders the whole reference, with the samples
 * that the page itself renders only in the browser (SamplesWhenNear.tsx).
 */
function renderStyles(store: AppStore): string {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(
      sheet.collectStyles(
        <RenderAllSamples.Provider value>
          <Redoc store={store} />
        </RenderAllSamples.Provider>,
      ),
    );
    return String(sheet.instance);
  } finally {
    sheet.seal();
  }
}

function prefixed(rules: string[], prefix: string): string {
  return postcss([prefixSelector({prefix})]).process(rules.join('\n')).css;
}
