/** The sandbox's pages: `<SandboxMagicValues>`, `<SandboxLimits>`, `<Downloads>` and `<SandboxCommands>`. */

import {referenceUrl} from '../contract';
import {inlineCode, inlineMarkdown, jsx, link, list, paragraph, strong, table, text, type Node} from '../mdast';
import {downloads, downloadSizes, formatSize} from '../../../downloads';
import {ciShellRecipe, githubActionsWorkflow, sandboxFileName, startCommands} from '../../../downloads/sandboxRecipes';
import {provider} from '../../../settings/provider';
import {sandboxProgramPath} from '../../../../contract/outputs';
import {contractIdentity} from '../../../../sandbox/program/contractIdentity';
import {changelogRoute} from '../../../../contract/releases/changelog';
import {releaseStatus} from '../../../../contract/releases/status';
import {usage} from '../../../../sandbox/program/options';
import {maxBodyBytes} from '../../../../sandbox/engine/engine';
import type {ContractDocument} from '../../../../sandbox/engine/contract';
import {anchorOf} from '../../../../contract/openQuestions';
import {magicValues, sandboxPassword} from '../../../../sandbox/engine/magicValues';
import {type Renderer, required, namedTable, rowOfNode, valueCell} from './shared';

/**
 * `<SandboxMagicValues />`: the sandbox's triggers, from the module the sandbox itself reads, so the
 * Test environment page cannot drift from the sandbox.
 */
export const SandboxMagicValues: Renderer = (contract) => {
  const operations = contract.operations();
  const callCell = (call: string): Node[] => {
    const [method, path] = call.split(' ');
    const entry = operations.find((candidate) => candidate.method.toUpperCase() === method && candidate.path === path);
    if (!entry) {
      throw new Error(`a sandbox magic value names "${call}", which the API description lacks`);
    }
    return [link(referenceUrl(entry.operation), inlineCode(call))];
  };
  return [
    namedTable('Sandbox magic values', table(
      ['Call', 'Field', 'Value', 'What the sandbox answers'],
      magicValues.map((value) => [callCell(value.call), [inlineCode(value.field)], valueCell(value.value), inlineMarkdown(value.effect)]),
    )),
  ];
};

/**
 * `<SandboxLifecycle />`: how the sandbox moves an agent's probill, the contract's `x-sandbox-lifecycle`
 * table, which the sandbox itself follows. The carrier states only which events agents post and that a
 * proof of delivery sets DELIVERED; the rest is the portal's assumption, shown once, collapsed.
 */
export const SandboxLifecycle: Renderer = (contract) => {
  const moves = (contract.raw as Pick<ContractDocument, 'x-sandbox-lifecycle'>)['x-sandbox-lifecycle'] ?? [];
  if (moves.length === 0) {
    throw new Error('<SandboxLifecycle /> has no table to show: openapi/openapi.yaml lacks x-sandbox-lifecycle');
  }
  const operations = contract.operations();
  const rows = moves.map((move) => {
    const entry = operations.find((candidate) => candidate.operation.operationId === move.operation);
    if (!entry) {
      throw new Error(`openapi/openapi.yaml: x-sandbox-lifecycle names the operation "${move.operation}", which the API description lacks`);
    }
    // The call by its name: a path in a narrow column would break inside its words.
    return [[link(referenceUrl(entry.operation), text(entry.operation.summary)), ...(move.sent ? [text(' with '), inlineCode(move.sent)] : [])], inlineMarkdown(move.from), [inlineCode(move.sets), ...(move.note ? [text('; '), ...inlineMarkdown(move.note)] : [])]];
  });
  // The question the table answers for the sandbox (what each posted status sets) is the first call's,
  // marked in its summary and asked in its Open questions block: the table, after the call's facts,
  // says it is the sandbox's and links to that block rather than marking it again.
  const first = operations.find((candidate) => candidate.operation.operationId === moves[0].operation);
  const lifecycleQuestion = first && rowOfNode(contract, first.operation);
  if (!lifecycleQuestion) {
    throw new Error(`openapi/openapi.yaml: x-sandbox-lifecycle's first call, ${moves[0].operation}, has no x-open question for the table to answer`);
  }
  return [
    jsx('details', {className: 'open-questions'}, [
      jsx('summary', {}, [text('How the sandbox moves a probill')]),
      paragraph(text('What each call sets in the sandbox, and from which statuses; the carrier leaves it '), link(`#open-questions-${anchorOf(moves[0].operation)}`, text('open')), text(':')),
      namedTable('How the sandbox moves a probill', table(['Call', 'From', 'Sets'], rows)),
    ]),
  ];
};

/** `<SandboxLimits />`: the sandbox's own constants that an integrator meets. */
export const SandboxLimits: Renderer = () => [
  list([
    [text('Password for any account id: '), inlineCode(sandboxPassword)],
    [text(`Largest request body: ${maxBodyBytes.toLocaleString('en-US')} bytes (1 MiB); a larger one answers 400, the sandbox's choice: HTTP has 413 for it, a status the contract does not list.`)],
  ]),
];

/**
 * `<Downloads />`: the files of src/downloads with their sizes, read at build time; a missing one
 * fails the build. `pathname://` keeps each link a plain link to the served file: Docusaurus would
 * otherwise copy a linked file into its assets under a hashed name, and the paths must stay stable.
 */
export const Downloads: Renderer = (contract, _props, page) => {
  const sizes = page.withoutFileSizes ? undefined : downloadSizes(contract.outputRoot);
  const status = releaseStatus(contract.projectRoot, contract.raw as never);
  const released = status.date ? `, released ${status.date}` : '';
  // Documentation edits (wording, examples, markers) change no request or answer: the files are still
  // that version for an integrator's code. Only changes to the contract's shape are counted here.
  const which =
    status.unreleasedChanges === 0
      ? // The version is this portal's numbering of its contract, not the carrier's API version (14th read).
      [text('These files are version '), strong(text(status.version)), text(` of this portal's contract${released}${status.documentationEdits > 0 ? ', its documentation edited since that release' : ''}. `)]
      : [
          text("These files are this portal's contract after version "),
          strong(text(status.version)),
          text(`${released}, with ${status.unreleasedChanges} API change${status.unreleasedChanges === 1 ? '' : 's'} that break nothing and that no release lists yet. `),
        ];
  return [
    paragraph(...which, text('Every release, what it changed and its own copy of the description: '), link(changelogRoute, text('Changelog')), text('.')),
    namedTable('Downloads', table(
      ['File', ...(sizes ? ['Size'] : []), 'What it is for'],
      downloads.map((download) => [
        [link(`pathname://${download.sitePath}`, text(download.title))],
        ...(sizes ? [[text(formatSize(sizes.get(download.sitePath)!))]] : []),
        [text(`${download.use.charAt(0).toUpperCase()}${download.use.slice(1)}.`)],
      ]),
    )),
  ];
};

/**
 * `<SandboxCommands show="…" />`: how to get and start the downloadable sandbox, from the strings the
 * tests run (src/downloads/sandboxRecipes.ts) and the program's own `--help`.
 * - `download`: a link to the file with its size;
 * - `start`: download and start in a terminal;
 * - `help`, `version`: what `--help` and `--version` print for the contract this site serves;
 * - `ci-shell`, `github-actions`: the CI recipes.
 */
export const SandboxCommands: Renderer = (contract, props, page) => {
  const show = required(props, 'show', 'SandboxCommands');
  const label = () => contractIdentity(contract.servedText).label;
  const codeBlock = (lang: string, value: string, title?: string): Node => ({type: 'code', lang, meta: title ? `title="${title}"` : null, value: value.trimEnd()});
  // A command that downloads from this site: the browser puts the page's own origin in (PortalOriginCode).
  const siteCommand = (lang: string, value: string, title?: string): Node =>
    jsx('PortalOriginCode', {language: lang, code: value.trimEnd(), ...(title ? {title} : {})}, []);
  switch (show) {
    case 'download': {
      const sitePath = sandboxProgramPath.slice('static'.length);
      const size = page.withoutFileSizes ? '' : ` (${formatSize(downloadSizes(contract.outputRoot).get(sitePath)!)})`;
      return [paragraph(text('Download '), link(`pathname://${sitePath}`, inlineCode(sandboxFileName)), text(`${size}, or from a terminal:`))];
    }
    case 'start':
      return [siteCommand('bash', startCommands(provider.portalUrl))];
    case 'help':
      return [codeBlock('text', `$ node ${sandboxFileName} --help\n${usage(`node ${sandboxFileName}`, label())}`)];
    case 'version':
      return [codeBlock('text', `$ node ${sandboxFileName} --version\ncarrier-sandbox ${label()}`)];
    case 'ci-shell':
      return [siteCommand('bash', ciShellRecipe(provider.portalUrl), 'run-with-sandbox.sh')];
    case 'github-actions':
      return [siteCommand('yaml', githubActionsWorkflow(provider.portalUrl), '.github/workflows/carrier-sandbox.yml')];
    default:
      throw new Error(`<SandboxCommands show="${show}">: show is one of download, start, help, version, ci-shell, github-actions`);
  }
};
