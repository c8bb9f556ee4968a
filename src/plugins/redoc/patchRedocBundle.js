// A bundler loader (CommonJS, as loaders run in Node) for redoc's library bundle. Each patch names the
// exact text it replaces and fails the build when that text is gone, so a redoc upgrade that moves it
// gets looked at rather than shipped blind.

const remoteLogo = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
// An empty SVG: the <img> stays valid, and CSS hides it (src/css/redoc.css).
const inlineBlank = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/**
 * Colours that redoc hard-codes in its CSS rather than taking from its theme. Each becomes a CSS
 * custom property, set per colour mode in src/css/redoc.css, with redoc's own colour as fallback.
 */
const hardCodedColours = {
  'color: #0e7c86': 'color: var(--portal-redoc-pattern, #0e7c86)',
  'color: #4a8bb3': 'color: var(--portal-redoc-token-number, #4a8bb3)',
  'color: #e64441': 'color: var(--portal-redoc-token-boolean, #e64441)',
};

/**
 * Redoc's section headings inside an operation (parameters, request body, authorizations, response
 * schema) are <h5>s under the operation's <h2>: a gap in the outline that screen-reader users navigate
 * by, and an axe (heading-order) failure. They become <h3>s with a class that keeps their look
 * (src/css/redoc.css); a security scheme's own heading, shown under them once expanded, becomes an
 * <h4>.
 */
const headingLevels = {
  'bi=ee.h5`': 'bi=ee.h3.attrs({className:"redoc-section-heading"})`',
  'createElement("h5",null,e.createElement(Rp,null)': 'createElement("h4",null,e.createElement(Rp,null)',
};

/**
 * Each operation's samples (Redoc's request samples `au` and response samples `lu`) go through our
 * SamplesWhenNear, which renders them when the reader nears the operation rather than into the page's
 * HTML (see SamplesWhenNear.tsx). The name of the injected variable cannot clash with the bundle's
 * minified ones.
 */
const samplesWhenNear = require.resolve('./SamplesWhenNear.tsx');
const operationSamples = {
  'e.createElement(au,{operation:t}),e.createElement(lu,{operation:t})':
    'e.createElement(__portalSamplesWhenNear,null,e.createElement(au,{operation:t}),e.createElement(lu,{operation:t}))',
};

/**
 * Redoc's markdown blocks hand all their props to a styled <div>, so each block's HTML went into the
 * page twice: as its content and as an `html="…"` attribute (289 attributes, 45 KB of /api/'s HTML).
 * The attribute is dropped; the content is set as before.
 */
const markdownHtmlAttribute = {
  '"data-role":i["data-role"]},i)': '"data-role":i["data-role"]},{...i,html:void 0})',
};

const replacements = {
  [remoteLogo]: inlineBlank,
  ...hardCodedColours,
  ...headingLevels,
  ...operationSamples,
  ...markdownHtmlAttribute,
};

module.exports = function patchRedocBundle(source) {
  let patched = source;
  for (const [from, to] of Object.entries(replacements)) {
    if (!patched.includes(from)) {
      throw new Error(`redoc plugin: "${from}" not found in ${this.resourcePath}; update the patch.`);
    }
    patched = patched.split(from).join(to);
  }
  return `var __portalSamplesWhenNear = require(${JSON.stringify(samplesWhenNear)}).SamplesWhenNear;\n${patched}`;
};
