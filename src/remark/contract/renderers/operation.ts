/** A call in the guides: `<OperationLink>`, `<OperationSummary>` (its line of facts), `<CodeSamples>`, `<ResponseExample>` and `<TryIt>`. */

import {Contract, guideCodeSamples, referenceUrl, type Example, type Operation, type Response, type Schema} from '../contract';
import {code, inlineCode, inlineMarkdown, jsx, link, list, paragraph, strong, text, type Node} from '../mdast';
import {magicValues} from '../../../../sandbox/engine/magicValues';
import {choiceRowIds, listedChoices} from '../../../../contract/portalChoices';
import {endOfWords} from '../../../../contract/openQuestions/rows';
import {type Renderer, apiWideRow, guideDescription, assumptionTag, operationOf, questionMark, rowOfNode, valueCell} from './shared';
import {fieldMarks, flatten, limits, rowLeaving, typeAndLimits, typeLabel} from './schemaFields';

/** `<OperationLink operation="reschedulePickup" />`: `POST /order/pickup/reschedule`, linked to /api/. */
export const OperationLink: Renderer = (contract, props) => {
  const {method, path, operation} = operationOf(contract, props, 'OperationLink');
  return [link(referenceUrl(operation), inlineCode(`${method.toUpperCase()} ${path}`))];
};

/**
 * `<CodeSamples operation="reschedulePickup" />`: the contract's samples in tabs: curl, JavaScript,
 * Python, Java, C#, Go, PHP and Ruby.
 * Only the tab shown is rendered (`lazy`): the others' highlighted code was two thirds of a guide's
 * elements (agents guide: 6,112 elements, 3,315 without them; its HTML 219 KB against 118 KB), built
 * and hydrated on every load for a tab most readers never open. A hidden tab could not be read
 * without script before either; the Markdown of the page takes every sample from the contract.
 */
export const CodeSamples: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'CodeSamples');
  return [
    jsx(
      'Tabs',
      {groupId: 'code-language', queryString: 'lang', lazy: true},
      guideCodeSamples(operation).map((sample) => jsx('TabItem', {value: sample.tab, label: sample.label}, [code(sample.language, sample.source)])),
    ),
  ];
};

function examplesOf(contract: Contract, response: Response): Example[] {
  return Object.values(response.content?.['application/json']?.examples ?? {}).map((example) => contract.resolve<Example>(example));
}

/** `<ResponseExample operation="reschedulePickup" />`: the first example of its success answer. */
export const ResponseExample: Renderer = (contract, props) => {
  const {operation} = operationOf(contract, props, 'ResponseExample');
  const status = props.status ?? Object.keys(operation.responses).find((code) => code.startsWith('2'))!;
  const response = contract.resolve<Response>(operation.responses[status]);
  const [example] = examplesOf(contract, response ?? {description: ''});
  if (!example) {
    throw new Error(`operation ${operation.operationId} has no example for its ${status} answer`);
  }
  // An example's note ("Illustrative values", and what the carrier leaves open) goes above it, as on
  // /api/, unless the page's own sentence before it says the same (`note="omit"`).
  if (props.note !== undefined && props.note !== 'omit') {
    throw new Error(`ResponseExample of ${operation.operationId}: note="${props.note}" is not known; note="omit" leaves out the example's note`);
  }
  const caption = example.description && props.note !== 'omit' ? [paragraph(...inlineMarkdown(example.description))] : [];
  return [...caption, code('json', JSON.stringify(example.value, null, 2))];
};

const statusTexts: Record<string, string> = {'200': 'OK', '201': 'Created'};

/**
 * The success answer in one line: its status and the names of its body's top-level fields
 * ("201 Created → `{ result, pickupNumber }`"), labelled when the status is the portal's assumption.
 */
function successLine(contract: Contract, operation: Operation): Node[] {
  const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
  if (!status) {
    return [];
  }
  const response = contract.resolve<Response>(operation.responses[status]);
  const schema = response.content?.['application/json']?.schema;
  const fields = schema ? Object.keys(flatten(contract, schema).properties ?? {}) : [];
  const shape = !schema ? [text(' → no body stated')] : fields.length > 0 ? [text(' → '), inlineCode(`{ ${fields.join(', ')} }`)] : [text(' → '), inlineCode(typeLabel(contract, schema))];
  const chosen = listedChoices(operation).includes('success-status');
  // Where the carrier does not give the answer's shape (the reschedule names no field for the new
  // number), the shape carries its own mark: the status's tag says nothing of the fields after it.
  const shapeRow = rowLeaving(contract, [operation, operation.responses[status], response, schema, schema?.$ref ? contract.resolve<Schema>(schema) : undefined], 'shape');
  const shapeMark = shapeRow && schema ? [text(' '), questionMark(shapeRow, ['shape'], true)] : [];
  // The answer's own other questions (the tracking detail's time zone, the quote's currency) mark the
  // answer here, where a call's page has no field that holds the whole answer (an outside read).
  const rootRow = schema?.$ref ? rowOfNode(contract, contract.resolve<Schema>(schema)) : undefined;
  const rootAspects = rootRow && rootRow !== shapeRow ? rootRow.aspects.filter((aspect) => aspect !== 'shape' && aspect !== 'status') : [];
  const rootMark = rootAspects.length > 0 ? [text(' '), questionMark(rootRow!, rootAspects, false)] : [];
  // A status the answer's own question asks (the cancel's "status and body") carries that question's mark.
  const statusRow = chosen ? undefined : rowLeaving(contract, [operation.responses[status], response], 'status');
  const statusMark = chosen ? [text(' '), assumptionTag(apiWideRow(contract, choiceRowIds.success))] : statusRow ? [text(' '), questionMark(statusRow, ['status'], true)] : [];
  return [paragraph(text('Answers '), strong(text(`${status} ${statusTexts[status] ?? ''}`.trim())), ...statusMark, ...shape, ...shapeMark, ...rootMark)];
}

/**
 * `<OperationSummary operation="…" />`: a call's facts first: what it does, `METHOD /path` linked to
 * /api/ with its token requirement, and its success answer.
 */
export const OperationSummary: Renderer = (contract, props) => {
  const {method, path, operation} = operationOf(contract, props, 'OperationSummary');
  const summary = guideDescription(operation.description.split(/\n\s*\n/)[0]) ?? '';
  // The call's own question is marked right after the words it bends (`x-open.after`), else at the
  // start of its summary, as /api/ marks it: after the last sentence it read as that sentence's, a rule
  // the carrier states (the 403 of the documents call). Its label names what is open ("Open: access"),
  // and it reads "Portal assumption" only where the row assumes something.
  const own = rowOfNode(contract, operation);
  const cut = own ? (own.after ? endOfWords(summary, own.after) : 0) : -1;
  const mark = own ? questionMark(own, own.aspects, Boolean(own.assumed)) : undefined;
  const described = mark && cut > 0
    ? // The words after the mark keep the space before them, which inlineMarkdown would trim.
      [...inlineMarkdown(summary.slice(0, cut)), text(' '), mark, ...(/^\s/.test(summary.slice(cut)) ? [text(' ')] : []), ...inlineMarkdown(summary.slice(cut).trimStart())]
    : mark && cut === 0
      ? [mark, text(' '), ...inlineMarkdown(summary)]
      : inlineMarkdown(summary);
  return [
    paragraph(...described),
    paragraph(
      link(referenceUrl(operation), inlineCode(`${method.toUpperCase()} ${path}`)),
      text(contract.requiresToken(operation) ? ', with a bearer token.' : ", with no bearer requirement in the carrier's specification."),
    ),
    ...queryLine(contract, operation),
    ...successLine(contract, operation),
  ];
};

/**
 * The query parameters a call takes, each with its type and limits, as a field list gives them, so a
 * reader need not open /api/ to learn what to send. Their presence is the portal's reading (the
 * carrier lists them without saying), hence one tag.
 */
function queryLine(contract: Contract, operation: Operation): Node[] {
  const parameters = ((operation as {parameters?: unknown[]}).parameters ?? [])
    .map((parameter) => contract.resolve<{name: string; in: string; required?: boolean; schema: Schema}>(parameter as never))
    .filter((parameter) => parameter.in === 'query');
  if (parameters.length === 0) {
    return [];
  }
  const eachRequired = parameters.every((parameter) => parameter.required);
  const described = parameters.flatMap((parameter, index) => {
    const bounds = limits(contract, parameter.schema);
    // An optional parameter says so, last, as a field list's line ends with "required": its own mark
    // follows the word where the portal assumes it (the page size of a list the reader may leave out).
    const optional = !parameter.required;
    const marks = fieldMarks(contract, parameter.schema, bounds.length > 0, {holder: parameter, showsPresence: optional});
    return [
      ...(index > 0 ? [text('; ')] : []),
      inlineCode(parameter.name),
      text(' '),
      ...typeAndLimits(contract, parameter.schema, bounds, marks, {presence: optional ? 'optional' : ''}),
      ...(parameter.required && !eachRequired ? [text(' (required)')] : []),
    ];
  });
  const requiredMark = () => assumptionTag(apiWideRow(contract, choiceRowIds.requiredQuery));
  const presence = eachRequired ? [text(parameters.length === 1 ? '; required ' : '; each required '), requiredMark()] : parameters.some((parameter) => parameter.required) ? [text(' '), requiredMark()] : [];
  return [paragraph(text(parameters.length === 1 ? 'Query parameter: ' : 'Query parameters: '), ...described, ...presence)];
}

/**
 * `<TryIt operation="requestPickup" />`: the button that opens a request console for the call
 * (src/components/TryIt), given the call's summary for its accessible name. An unknown operation
 * fails the build here, not in a reader's browser.
 */
export const TryIt: Renderer = (contract, props) => {
  const {method, path, operation} = operationOf(contract, props, 'TryIt');
  return [jsx('TryIt', {operation: operation.operationId, summary: operation.summary}, []), ...sandboxValuesOf(`${method.toUpperCase()} ${path}`)];
};

/** Where the Test environment page lists every trigger, the one place that explains them. */
const magicValuesUrl = '/docs/Agents/test-enviroment#magic-values';

/**
 * The sandbox's triggers for one call (an expired token, a refused code, a 422), beside its Try it,
 * from the list the sandbox itself reads: an integrator testing this call's other answers finds them
 * in the call's own section (an integrator's task had to fetch them from the Test environment page).
 */
function sandboxValuesOf(call: string): Node[] {
  const values = magicValues.filter((value) => value.call === call);
  if (values.length === 0) {
    return [];
  }
  return [
    paragraph(text('To try its other answers in the sandbox ('), link(magicValuesUrl, text('magic values')), text('):')),
    list(values.map((value) => [inlineCode(value.field), text(' set to '), ...valueCell(value.value), text(': '), ...inlineMarkdown(value.effect)])),
  ];
}
