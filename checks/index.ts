/**
 * `npm run check`: the writers' quick check, in well under a minute and with no build. It bundles
 * openapi/ in memory, then runs each check on the sources and says, for each problem, the file and
 * the line to change:
 * - the contract's YAML and `$ref`s (the bundle), and its lint (Redocly, redocly.yaml);
 * - the citations of every bound, enumeration and required list (contract/citations.ts);
 * - the links and anchors of the docs, rendered from their MDX (links.ts);
 * - spelling, in the docs and the contract's prose (spelling.ts);
 * - caveats: the share of each page's words that say what the carrier leaves open (caveats.ts).
 * `npm test` runs all of these too, on the built site, with the rest of the suite.
 */
import path from 'node:path';

import {bundleContract, type BundledContract} from '../contract/bundle';
import {citationProblems, formatCitationProblem} from '../contract/citations';
import {caveatLimits, contractCaveats, percent} from '../contract/caveats';
import {toJsonPath} from '../contract/releases/diff';
import {sourceFileOf} from '../contract/releases/sourceFile';
import {Contract} from '../src/remark/contract/contract';
import {caveatProblems} from './caveats';
import {formatLinkProblem, linkProblems} from './links';
import {renderedDocs, type RenderedDoc} from './renderedDocs';
import {docsTexts, misspellings, servedContractTexts} from './spelling';

export type CheckOutcome = {name: string; problems: string[]; ms: number};

/** Redocly's lint of the bundle, each problem at the openapi/ file its pointer leads to. */
async function lintProblems(projectRoot: string, bundled: BundledContract): Promise<string[]> {
  const {lintDocument, loadConfig, makeDocumentFromString, BaseResolver} = await import('@redocly/openapi-core');
  const config = await loadConfig({configPath: path.join(projectRoot, 'redocly.yaml')});
  const document = makeDocumentFromString(bundled.text, path.join(projectRoot, 'openapi.json'));
  // openapi-core 1.x keeps the lint rules under `styleguide`.
  const settings = config as unknown as {styleguide: never; resolve: never};
  const problems = await lintDocument({document, config: settings.styleguide, externalRefResolver: new BaseResolver(settings.resolve)});
  return problems.map((problem) => {
    const pointer = problem.location[0]?.pointer ?? '#/';
    const segments = pointer.slice(2).split('/').filter(Boolean).map((segment) => decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~')));
    return `${sourceFileOf(projectRoot, toJsonPath(segments))}: ${problem.ruleId} (${problem.severity}): ${problem.message} (at ${pointer})`;
  });
}

async function timed(name: string, run: () => Promise<string[]> | string[]): Promise<CheckOutcome> {
  const started = Date.now();
  try {
    return {name, problems: await run(), ms: Date.now() - started};
  } catch (error) {
    return {name, problems: [error instanceof Error ? error.message : String(error)], ms: Date.now() - started};
  }
}

export async function quickCheck(projectRoot: string): Promise<CheckOutcome[]> {
  let bundled: BundledContract | undefined;
  const bundle = await timed('contract bundle (openapi/ YAML and $refs)', async () => {
    bundled = await bundleContract(projectRoot);
    return [];
  });
  if (!bundled) return [bundle];
  const contract = Contract.fromDocument(bundled.document, bundled.text, projectRoot, 'build');
  const document = bundled.document;
  // Rendered once, for both checks that read the pages.
  let pages: RenderedDoc[] = [];
  const rendering = await timed('docs pages rendered from their MDX', () => {
    pages = renderedDocs(contract);
    return [];
  });
  return [
    bundle,
    rendering,
    await timed('contract lint (Redocly, redocly.yaml)', () => lintProblems(projectRoot, bundled!)),
    await timed('citations of the specification (x-spec)', () => citationProblems(projectRoot).map(formatCitationProblem)),
    await timed('links and anchors of the docs', () => linkProblems(projectRoot, pages, document as never).map(formatLinkProblem)),
    await timed('spelling (cspell.config.yaml)', async () =>
      (await misspellings([...docsTexts(projectRoot), ...servedContractTexts(projectRoot, document)])).map(({where, word, context}) => `${where}: unknown word "${word}" in: ${context}`),
    ),
    await timed('caveats', () => {
      const figures = contractCaveats(document);
      const share = percent(figures.caveatWords, figures.words);
      return [
        ...caveatProblems(pages),
        ...(share > caveatLimits.contract ? [`openapi/: caveat sentences are ${share.toFixed(1)}% of the descriptions' words (limit ${caveatLimits.contract}%)`] : []),
        ...[...figures.repeats].filter(([, count]) => count > caveatLimits.repeatsOnSite).map(([sentence, count]) => `openapi/: a caveat sentence appears ${count} times in the descriptions: ${sentence}`),
      ];
    }),
  ];
}
