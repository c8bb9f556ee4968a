import {useEffect, useMemo} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {usePluginData} from '@docusaurus/useGlobalData';
import {useColorMode} from '@docusaurus/theme-common';
import {AppStore, type RedocRawOptions} from 'redoc';
import type {SpecProps} from 'docusaurus-theme-redoc/dist/types/common';

/** What docusaurus-theme-redoc publishes as global data: its options and one Redoc theme per mode. */
type RedocThemeData = {
  lightTheme: RedocRawOptions['theme'];
  darkTheme: RedocRawOptions['theme'];
  options: RedocRawOptions;
};

/**
 * redocusaurus's useSpec (used by its ServerRedoc), building Redoc's store once per colour mode.
 *
 * The stock hook rebuilt the store when `useIsBrowser()` turned true right after hydration: Redoc
 * parsed the whole contract a second time and re-rendered all 28 operations, a 630 ms task on a mobile
 * CPU (measured), only to replace `scrollYOffset: 0`, which it used on the server, with a function
 * reading the navbar's height. A function that is safe on the server too makes that rebuild needless.
 * `optionsOverrides` (a prop of redocusaurus's <Redoc>) is not supported: this site passes none.
 */
export function useSpec({spec, url, themeId, normalizeUrl}: SpecProps, _optionsOverrides?: RedocRawOptions) {
  const themeData = usePluginData('docusaurus-theme-redoc', themeId) as RedocThemeData;
  const isDarkTheme = useColorMode().colorMode === 'dark';
  const absoluteUrl = useBaseUrl(url, {absolute: true});
  const fullUrl = normalizeUrl ? absoluteUrl : url;

  const {lightThemeOptions, darkThemeOptions} = useMemo(() => {
    const {scrollYOffset} = themeData.options;
    const common = {
      ...themeData.options,
      scrollYOffset: typeof scrollYOffset === 'string' ? heightOf(scrollYOffset) : scrollYOffset,
    };
    return {
      lightThemeOptions: {...common, theme: themeData.lightTheme},
      darkThemeOptions: {...common, theme: themeData.darkTheme},
    };
  }, [themeData]);

  const store = useMemo(
    () => new AppStore(spec, fullUrl, isDarkTheme ? darkThemeOptions : lightThemeOptions),
    [spec, fullUrl, isDarkTheme, lightThemeOptions, darkThemeOptions],
  );

  useEffect(() => {
    // Marks the menu item of the current hash once the page is on screen; a replaced store stops
    // listening to scroll and history.
    store.onDidMount();
    return () => store.dispose();
  }, [store]);

  return {store, lightThemeOptions, darkThemeOptions, hasLogo: Boolean((spec.info as {'x-logo'?: unknown})['x-logo'])};
}

/**
 * Redoc's `scrollYOffset` given as a selector: the height of that element (the fixed navbar), read on
 * each scroll since the navbar settles its height after load. 0 during the build, which has no DOM.
 */
function heightOf(selector: string): () => number {
  return () => (typeof document === 'undefined' ? 0 : (document.querySelector(selector)?.clientHeight ?? 0));
}
