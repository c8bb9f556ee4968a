/**
 * The contract's one bundle: the split description in `openapi/` made into the one document the site
 * renders at /api/ and serves at /openapi.json and /openapi.yaml, in memory. Provider values (servers,
 * contact, title) come from the settings module, so re-branding the site re-brands the contract too.
 *
 * Each operation's portal choices are labelled (portalChoices.ts), and each silence of the contract gets
 * a short marker linked to its row of the register of open questions (openQuestions/). Each operation
 * then gets `x-codeSamples` built from its own examples (codeSamples.ts), and `externalDocs` pointing at
 * the guide section that documents it (guideLinks.ts). Links to the portal become absolute
 * (siteLinks.ts). With OPENAPI_SCALE=N set, as `npm run bench -- --scale N` does, every call is copied
 * N-fold first. The downloads made from it are written by src/plugins/contract/publish.ts.
 */
import path from 'node:path';

import {isPlaceholder, provider} from '../src/settings/provider';
import {addCodeSamples, type OpenApiDocument as SampledDocument} from './codeSamples';
import {addGuideLinks} from './guideLinks';
import {openApiSourcePath} from './outputs';
import {labelPortalChoices} from './portalChoices';
import {markCarrierAnswers, readCarrierAnswers} from './citations';
import {markOpenQuestions, type OpenQuestion} from './openQuestions';
import {scaleContract, scaleFromEnvironment} from './scale';
import {withAbsoluteSiteLinks} from './siteLinks';
import {yamlSyntaxErrors} from './yamlSyntax';

export type OpenApiDocument = {
  info: {title: string; description?: string; contact?: object; [key: string]: unknown};
  servers?: object[];
  [key: string]: unknown;
};

// The CLI's order for the top-level keys (`redocly bundle`), which the published files and the release
// snapshots have always had; the bundler in a library call keeps the source's order instead.
const topLevelOrder = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'security', 'tags', 'externalDocs', 'paths', 'webhooks', 'x-webhooks', 'components'];

/**
 * Resolves every `$ref` of the split source with Redocly's bundler, in this process: the CLI in a
 * child process took 1.1 s of each publish against 0.25 s here once loaded (2026-12-02), and the
 * preview publishes after every save. Throws, naming the file, on a YAML error or a missing file.
 */
async function bundleSource(projectRoot: string): Promise<OpenApiDocument> {
  const syntaxErrors = yamlSyntaxErrors(projectRoot);
  if (syntaxErrors.length > 0) {
    throw new Error(`Could not bundle ${openApiSourcePath}: fix the YAML at the line named.\n${syntaxErrors.join('\n')}`);
  }
  const {bundle, loadConfig} = await import('@redocly/openapi-core');
  const config = await loadConfig({configPath: path.join(projectRoot, 'redocly.yaml')});
  const {bundle: bundled, problems} = await bundle({ref: path.join(projectRoot, openApiSourcePath), config});
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const where = (problem: (typeof errors)[number]) =>
      problem.location.map((location) => `${path.relative(projectRoot, location.source.absoluteRef)}${location.pointer ?? ''}`).join(', ');
    throw new Error(`Could not bundle ${openApiSourcePath}:\n${errors.map((problem) => `${where(problem)}: ${problem.message.replaceAll(projectRoot + path.sep, '')}`).join('\n')}`);
  }
  const document = bundled.parsed as OpenApiDocument;
  const keys = [...topLevelOrder.filter((key) => key in document), ...Object.keys(document).filter((key) => !topLevelOrder.includes(key))];
  return Object.fromEntries(keys.map((key) => [key, document[key]])) as OpenApiDocument;
}

/**
 * The specification gives paths relative to a production and a /testing base but no host; until the
 * settings module names the carrier's, the host is a placeholder and the server says so.
 */
function placeholderHostNote(url: string): string {
  return isPlaceholder(url) ? ' The host is a placeholder (.example) until the carrier\'s own is set.' : '';
}

/** Adds the provider's name, servers and support contact from src/settings/provider.ts. */
export function applyProvider(document: OpenApiDocument): OpenApiDocument {
  return {
    ...document,
    info: {
      ...document.info,
      title: `${provider.name} APIs`,
      // The specification names no support contact: until the settings module sets the carrier's, say so.
      contact: {
        name: isPlaceholder(provider.support.email) ? `${provider.support.name} (placeholder until the carrier's contact is set)` : provider.support.name,
        email: provider.support.email,
        url: provider.support.url,
      },
    },
    servers: [
      {url: provider.apiServers.production, description: `Production.${placeholderHostNote(provider.apiServers.production)}`},
      {
        url: provider.apiServers.testing,
        description: `Testing: the /testing base of the same calls.${placeholderHostNote(provider.apiServers.testing)}`,
        'x-not-stated': ['meaning', 'location'],
        'x-open': {question: 'where the /testing base is; what data it holds', assumed: 'the production base followed by /testing', assumes: ['location']},
      },
    ],
  };
}

export type BundledContract = {
  /** The description as served at /openapi.json, and its exact text. */
  document: OpenApiDocument;
  text: string;
  /** The register of open questions: one row per silence of the contract. */
  openRows: OpenQuestion[];
  /** The document before its code samples and links, which the register reads. */
  marked: OpenApiDocument;
};

/**
 * The contract in memory, as integrators get it: openapi/ bundled (Redocly), the provider's values, the
 * portal's choices labelled, each silence marked and linked to its row of the register, code samples
 * from the examples, links to the guides and to the portal. Writes nothing: contract:check and
 * contract:diff read it as it is, and the publisher (src/plugins/contract/publish.ts) writes it out.
 * Any problem, such as a YAML syntax error or a `$ref` to a missing file, throws with the file named.
 */
export async function bundleContract(projectRoot: string): Promise<BundledContract> {
  // OPENAPI_SCALE=N (the scale benchmark only) copies every call N-fold; see scale.ts.
  const marked = scaleContract(labelPortalChoices(applyProvider(await bundleSource(projectRoot)) as never), scaleFromEnvironment()) as OpenApiDocument;
  // Each silence gets its short marker on /api/, linked to its row of the register (openQuestions/markers.ts).
  const openRows: OpenQuestion[] = markOpenQuestions(marked as never);
  // A fact the carrier gave in writing, outside the specification, says so where it is read (citations.ts).
  markCarrierAnswers(marked, readCarrierAnswers(projectRoot));
  const sampled = await addCodeSamples(marked as unknown as SampledDocument);
  const linked = addGuideLinks(sampled, path.join(projectRoot, 'docs'));
  const document = withAbsoluteSiteLinks(linked, provider.portalUrl) as unknown as OpenApiDocument;
  return {document, text: `${JSON.stringify(document, null, 2)}\n`, openRows, marked};
}
