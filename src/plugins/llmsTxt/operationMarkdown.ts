/**
 * Each operation of the contract as one Markdown page (`/api/operations/<operationId>.md`), for
 * readers who work through a coding assistant: what the call does, its path, parameters, request
 * fields, samples, answer, error answers and open questions. It is made by the renderers that fill the
 * guides (src/remark/contract/renderers/), so it says what the guides say, in the same words.
 */
import {toMarkdown} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';

import {Contract, type Operation, type Schema} from '../../remark/contract/contract';
import {markName} from '../../../contract/openQuestions/rows';
import {emphasis, inlineCode, inlineMarkdown, list, paragraph, strong, text, type Node} from '../../remark/contract/mdast';
import {newPageState, renderers} from '../../remark/contract/renderers';
import {joinAdjacentMarks} from '../../remark/contract/index';
import {questionMark, rowOfNode} from '../../remark/contract/renderers/shared';

/** Where the bundle step writes an operation's page: served at `/api/operations/<operationId>.md`. */
export const operationMarkdownFolder = 'static/api/operations';
export const operationMarkdownUrl = (operationId: string) => `/api/operations/${operationId}.md`;

type JsxNode = Node & {name?: string; attributes?: {name: string; value?: unknown}[]};

/**
 * The renderers' tree as plain Markdown: the elements they wrap for the page's layout (`div`, `span`)
 * give way to what they hold, the Portal assumption tag becomes emphasis, the sample tabs become one
 * block per language under its label, and Try it, which only a browser can run, is left out.
 */
export function plainMarkdownTree(nodes: Node[]): Node[] {
  return joinContinuedMarks(plainMarkdownNodes(nodes));
}

/** "*Portal assumption: limits*", a space, then a mark that continues it: one mark, "*Portal assumption: limits, type, unit*". */
export function joinContinuedMarks(nodes: Node[]): Node[] {
  const joined: Node[] = [];
  for (const node of nodes) {
    const continues = (node.data as {continuesMark?: string} | undefined)?.continuesMark;
    const [before, gap] = [joined.at(-2), joined.at(-1)];
    if (continues && before?.type === 'emphasis' && gap?.type === 'text' && /^\s+$/.test(gap.value ?? '')) {
      joined.pop();
      const words = before.children![0];
      joined[joined.length - 1] = emphasis(text(`${words.value}, ${continues}`));
      continue;
    }
    joined.push(node);
  }
  return joined;
}

function plainMarkdownNodes(nodes: Node[]): Node[] {
  return nodes.flatMap((node): Node[] => {
    const element = node as JsxNode;
    if (element.type !== 'mdxJsxFlowElement' && element.type !== 'mdxJsxTextElement') {
      return [element.children ? {...element, children: plainMarkdownTree(element.children)} : element];
    }
    const attribute = (name: string) => element.attributes?.find((candidate) => candidate.name === name)?.value as string | undefined;
    const children = element.children ?? [];
    if (element.name === 'TryIt') {
      return [];
    }
    if (attribute('className') === 'portal-assumption') {
      return [{type: 'emphasis', children: plainMarkdownTree(children)}];
    }
    if (element.name === 'details' && attribute('className') === 'open-questions') {
      // A call's collapsed Open questions block: in Markdown, where nothing collapses, its one line is a
      // heading of the depth it names, with the block's anchor.
      const [summary, ...rest] = children as JsxNode[];
      const depth = Number(summary.attributes?.find((candidate) => candidate.name === 'data-heading-depth')?.value);
      return [{type: 'heading', depth, data: {hProperties: {id: attribute('id')}}, children: plainMarkdownTree(summary.children ?? [])}, ...plainMarkdownTree(rest)];
    }
    if (element.name === 'PortalAssumption') {
      // A field list's mark, with what it bends: "*Portal assumption: type*", as /api/'s marker reads.
      // One that continues the mark before it (joinAdjacentMarks) joins its words (joinContinuedMarks).
      const continues = element.attributes?.some((candidate) => candidate.name === 'continues');
      return [{type: 'emphasis', children: [text(markName(attribute('label') ?? 'Portal assumption', attribute('aspects')))], ...(continues ? {data: {continuesMark: attribute('aspects')}} : {})}];
    }
    if (element.name === 'TabItem') {
      return [paragraph(strong(text(attribute('label') ?? ''))), ...plainMarkdownTree(children)];
    }
    return plainMarkdownTree(children);
  });
}

type Parameter = {name: string; in: string; required?: boolean; description?: string; schema?: Schema};

/** One entry per parameter: name, where it goes, type and presence, then the carrier's description. */
function parameterList(contract: Contract, operation: Operation & {parameters?: unknown[]}): Node[] {
  const parameters = (operation.parameters ?? []).map((parameter) => contract.resolve<Parameter>(parameter as Parameter));
  if (parameters.length === 0) {
    return [];
  }
  return [
    {type: 'heading', depth: 2, children: [text('Parameters')]},
    list(
      parameters.map((parameter) => {
        const schema = parameter.schema ? contract.resolve<Schema>(parameter.schema) : undefined;
        const facts = [parameter.in, schema?.type, parameter.required ? 'required' : undefined].filter(Boolean).join(' · ');
        return [inlineCode(parameter.name), text(` ${facts}`), ...(parameter.description ? [text(': '), ...inlineMarkdown(parameter.description.split(/\n\s*\n/)[0])] : [])];
      }),
    ),
  ];
}

/** The name of the component schema a request body or answer refers to, if it refers to one. */
function schemaName(contract: Contract, holder: unknown): string | undefined {
  const resolved = holder ? contract.resolve<{content?: Record<string, {schema?: {$ref?: string}}>}>(holder as never) : undefined;
  return resolved?.content?.['application/json']?.schema?.$ref?.split('/').pop();
}

/**
 * What the body's own question leaves open beyond what each field's mark says (which fields are
 * required, their limits and values): the appointment's kind and time zone. The guide says it in its prose; the call's
 * page has no field that holds the whole body, so the mark goes above the list (an outside read).
 */
function bodyAsAWhole(contract: Contract, schemaName: string): Node[] {
  const row = rowOfNode(contract, contract.schema(schemaName));
  // Which fields are required, their limits and values: each field's own mark says those.
  const aspects = row?.aspects.filter((aspect) => !['required', 'bounds', 'values'].includes(aspect)) ?? [];
  return row && aspects.length > 0 ? [paragraph(text('The body as a whole '), questionMark(row, aspects, false, row.assumed ? 'Portal assumption' : 'Open'), text('.'))] : [];
}

export function operationMarkdown(contract: Contract, operationId: string, siteUrl: string): string {
  const {operation} = contract.operation(operationId);
  const page = newPageState();
  const props = {operation: operationId};
  const render = (component: string, extra: Record<string, string> = {}) => renderers[component](contract, {...props, ...extra}, page);
  const heading = (depth: number, title: string): Node => ({type: 'heading', depth, children: [text(title)]});
  const requestSchema = schemaName(contract, (operation as {requestBody?: unknown}).requestBody);
  const successStatus = Object.keys(operation.responses).find((status) => status.startsWith('2'))!;
  const answerSchema = schemaName(contract, operation.responses[successStatus]);
  page.headingDepth = 2;
  const tree: Node[] = [
    heading(1, operation.summary),
    ...render('OperationSummary'),
    ...(operation.description.includes('\n\n') ? operation.description.split(/\n\s*\n/).slice(1).map((part) => paragraph(...inlineMarkdown(part))) : []),
    ...parameterList(contract, operation),
    ...(requestSchema ? [heading(2, 'Request body'), ...bodyAsAWhole(contract, requestSchema), ...render('SchemaFields', {schema: requestSchema})] : []),
    heading(2, 'Samples'),
    ...render('CodeSamples'),
    // Try it's button stays on the site; the sandbox's values for the call come along.
    ...render('TryIt'),
    heading(2, `Answer ${successStatus}`),
    ...(answerSchema ? render('SchemaFields', {schema: answerSchema}) : [paragraph(text('The contract describes no body for this answer.'))]),
    ...(answerSchema ? render('ResponseExample') : []),
    heading(2, 'Error answers'),
    ...render('ErrorResponses'),
    ...render('OpenQuestions'),
  ];
  // Two marks side by side read as one, as on the guides (src/remark/contract, joinAdjacentMarks).
  const root = {type: 'root', children: tree} as Node;
  joinAdjacentMarks(root);
  const markdown = toMarkdown({type: 'root', children: plainMarkdownTree(root.children ?? [])} as never, {extensions: [gfmToMarkdown({tablePipeAlign: false})]});
  // The renderers link inside the site; a Markdown page travels alone, so its links carry the host.
  return markdown.replace(/\]\(\//g, `](${siteUrl}/`);
}

