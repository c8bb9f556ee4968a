/** The short markers /api/ shows on each marked node, each linked to its row of the register. */
import {aspectsOpenFor, callSchemaNames, endOfWords, markName, markerText, methods, nodeOfRow, openQuestions, rowsByNode, schemaName, statesValuesEverywhere, withMarker, withMarkerOnce, type Document, type Node, type OpenQuestion} from './rows';
import {registerRoute} from './register';
import {boundKeywords} from '../citations';
import {assumedTypeAspects, assumedTypesRowId, fieldsWithAssumedType, showsAssumedEncoding} from './assumedTypes';

/**
 * Gives every marked node of `document` its short marker, linked to its row of the register: what
 * /api/ shows in place of the long note (issue 35). A node with a `$ref` and no description of its own
 * takes its target's, since a description beside a `$ref` replaces the target's on /api/. Returns the
 * rows.
 */
export function markOpenQuestions(document: Document): OpenQuestion[] {
  const rows = openQuestions(document);
  const schemas = document.components.schemas ?? {};
  for (const found of rows) {
    const node = nodeOfRow.get(found)!;
    const target = typeof node.$ref === 'string' ? schemas[node.$ref.split('/').pop()!] : undefined;
    // A parameter's facts are in its schema.
    const parameterSchema = typeof node.in === 'string' && node.schema ? (node.schema as Node) : undefined;
    const parameterTarget = typeof parameterSchema?.$ref === 'string' ? schemas[parameterSchema.$ref.split('/').pop()!] : undefined;
    labelOfRow.set(found, markerText(found, showsAnAspect(found, {...(target ?? {}), ...node, ...(parameterTarget ?? {}), ...(parameterSchema ?? {})})));
    const own = ((node.description as string | undefined) ?? (target?.description as string | undefined) ?? '').trimEnd();
    // Redoc draws an answer's description inside the button that opens it: a link there would be a
    // control inside a control (axe: nested-interactive), so an answer's marker is plain text.
    const isAnswer = found.home.startsWith('response ') || / answer$/.test(found.field);
    const marker = isAnswer ? labelOf(found) : linkedMarker(found);
    // A call's own question (what it does beyond its stated rules) leads its description: after the
    // last sentence it read as covering that sentence, a rule the carrier states (a proof of delivery
    // sets DELIVERED).
    const isCall = found.field === '' && methods.some((method) => found.home.startsWith(`${method.toUpperCase()} /`));
    const cut = isCall && found.after ? endOfWords(own, found.after) : -1;
    if (isCall && found.after && cut < 0) {
      throw new Error(`${found.home}: x-open.after is "${found.after}", which its description does not hold word for word`);
    }
    // Where the call names the words its question bends, the mark follows them.
    node.description = cut >= 0 ? `${own.slice(0, cut)} *${marker}*${own.slice(cut)}` : isCall && own ? `*${marker}* ${own}` : withMarker(own, marker);
  }
  const rowOfNode = rowsByNode(rows);
  surfaceBodyMarkers(document, rowOfNode);
  const reaching = callsReaching(document);
  keepMarkersUnderOwnDescriptions(document, rowOfNode, reaching);
  markBorrowedLimits(document, rowOfNode, reaching);
  markAssumedTypes(document);
  joinAnswerMarkers(document);
  return rows;
}

/**
 * Each field whose JSON type is the portal's reading (`pw` string) gets the API-wide row's marker,
 * "Portal assumption: type", as its guide's field line does (assumedTypes.ts). A parameter's goes on
 * the parameter, whose description /api/ draws; a `$ref` field without a description of its own takes
 * its target's words with the marker, so that other fields using the target keep theirs.
 */
function markAssumedTypes(document: Document): void {
  const schemas = document.components.schemas ?? {};
  for (const {node, parameter} of fieldsWithAssumedType(document)) {
    // "type, unit" where a text field's bare-number limit is read as characters (assumedTypes.ts).
    const marker = `[${markName('Portal assumption', assumedTypeAspects(document, node).join(', '))}](${registerRoute}#${assumedTypesRowId})`;
    const holder = parameter ?? node;
    const target = typeof holder.$ref === 'string' ? schemas[holder.$ref.split('/').pop()!] : undefined;
    const own = (holder.description as string | undefined) ?? (target?.description as string | undefined);
    if (!own?.includes(`#${assumedTypesRowId})`)) holder.description = withMarker(own, marker);
  }
}

/** The short marker the bundle step adds to a marked description for /api/ ("*[Open: unit](…)*"); a guide marks the fact instead. */
export const openMarker = /\s*\*\[?(Open|Portal assumption): [^*]*\*/g;

/** A row's marker as a link to its row of the register. */
const linkedMarker = (found: OpenQuestion) => `[${labelOf(found)}](${registerRoute}#${found.id})`;

/** Each row's marker words, as its node shows it (`showsAnAspect`). */
const labelOfRow = new WeakMap<OpenQuestion, string>();
const labelOf = (found: OpenQuestion) => labelOfRow.get(found) ?? markerText(found);

/**
 * Whether a field's node shows on /api/ the fact the row assumes, as a guide's field line decides it
 * (src/remark/contract/renderers/schemaFields.ts, `fieldMarks`): a field with no type shows none, and
 * limits, values, a format or a shape the node does not have are not shown. "Portal assumption" only
 * then; otherwise the question is Open there, its assumption in the register. A call, an answer or a
 * request body shows its status and shape.
 */
function showsAnAspect(found: OpenQuestion, node: Node): boolean {
  const isField = found.home.startsWith('schema ') || found.home.startsWith('parameter ') || found.field.startsWith('parameter ') || /answer\./.test(found.field);
  // An answer shows its status and its shape; what a message's placeholder holds (the ETA's `{phone}`)
  // or means is not shown there: the carrier's words are, and the question is open on them.
  const isAnswer = found.home.startsWith('response ') || / answer$/.test(found.field);
  // A message the row assumes (the documents call's generic 400) is its example's, shown there.
  // What a placeholder holds, where the row assumes it (the ETA's `{phone}`, a phone number), reads as
  // the guides' mark on that message does: the portal's, not open.
  if (isAnswer) return found.aspects.some((aspect) => !['meaning', 'format', 'message'].includes(aspect)) || Boolean(found.assumed);
  if (!isField) return true;
  const hasShape = Boolean(node.properties || node.allOf || node.items);
  // `oneOf` or `anyOf` of types reads as one ("integer or null").
  if (node.type === undefined && !hasShape && !node.oneOf && !node.anyOf) return false;
  return found.aspects.some((aspect) => {
    switch (aspect) {
      // A pattern bounds a value too (the HH:MM times run 00:00 to 23:59); an object's limits are on its fields.
      case 'bounds':
        return boundKeywords.some((keyword) => node[keyword] !== undefined) || node.pattern !== undefined || hasShape;
      case 'values':
        return node.enum !== undefined || node.const !== undefined || hasShape;
      case 'format':
        return node.format !== undefined || node.pattern !== undefined || showsAssumedEncoding(node);
      case 'shape':
        return hasShape;
      default:
        return true;
    }
  });
}


/**
 * A field or a parameter that refers to a marked schema but has a description of its own
 * (`originZipcode`: "Origin ZIP code…" over `ZipCode`) shows only its own on /api/: the schema's marker would be lost there, and
 * the field read as the carrier's fact. Such a field carries the schema's marker after its own words.
 */
function keepMarkersUnderOwnDescriptions(document: Document, rowOfNode: ReadonlyMap<Node, OpenQuestion>, reaching: ReadonlyMap<string, ReadonlySet<string>>): void {
  const schemas = document.components.schemas ?? {};
  /**
   * The marker of `found` on a field of `holder`: where every call that reaches the holder is one the
   * specification gives the limits or values for (`x-open.stated-in`: the reschedule's window, the
   * BOL's items), those aspects are the carrier's there and drop out; none left, no marker.
   */
  const markerIn = (found: OpenQuestion, holder: string | undefined): string | undefined => {
    const calls = [...((holder ? reaching.get(holder) : undefined) ?? [])];
    // An aspect is the carrier's here only when every call reaching the holder states it.
    const aspects = calls.length === 0 ? found.aspects : found.aspects.filter((aspect) => calls.some((call) => aspectsOpenFor(found, call).includes(aspect)));
    if (aspects.length === found.aspects.length) return linkedMarker(found);
    return aspects.length > 0 ? `[${markerText({...found, aspects})}](${registerRoute}#${found.id})` : undefined;
  };
  let holder: string | undefined;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') {
      return;
    }
    const node = value as Node;
    // A parameter shows its own description over its schema's (`originZipcode` over `ZipCode`, the
    // tracking call's `pickupNumber` over `PickupNumber`), as a property with a description beside
    // its `$ref` does.
    const reference = typeof node.in === 'string' ? (node.schema as Node | undefined)?.$ref : node.$ref;
    if (typeof reference === 'string' && reference.startsWith('#/components/schemas/') && typeof node.description === 'string') {
      const found = rowOfNode.get(schemas[reference.split('/').pop()!]);
      const marker = found ? markerIn(found, holder) : undefined;
      if (found && marker && !node.description.includes(`#${found.id})`)) {
        node.description = withMarker(node.description, marker);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document.paths);
  for (const [kind, components] of Object.entries(document.components)) {
    for (const [name, component] of Object.entries(components ?? {})) {
      holder = kind === 'schemas' ? name : undefined;
      visit(component);
    }
  }
}

/**
 * An object whose limits and values the portal borrows (the pickup request takes the BOL plus pickup's:
 * `x-not-stated` names `bounds` or `values` on the object) marks each limit it holds, as its guide's
 * field list does (src/remark/contract/renderers/schemaFields.ts, `borrowedLimits`), and not only on the
 * object, which a reader of one field never sees. A field with a question of its own about its limits
 * keeps that one. A field of a schema that only this object's calls reach (the pickup item) carries
 * the mark itself; a schema that other calls reach too (the pickup-from party, whose limits the BOL
 * plus pickup states) is marked on the field that refers to it, so that those calls' fields stay
 * unmarked.
 */
function markBorrowedLimits(document: Document, rowOfNode: ReadonlyMap<Node, OpenQuestion>, reaching: ReadonlyMap<string, ReadonlySet<string>>): void {
  const schemas = document.components.schemas ?? {};
  const asksLimits = (found: OpenQuestion | undefined) => Boolean(found?.aspects.some((aspect) => aspect === 'bounds' || aspect === 'values'));
  for (const [name, object] of Object.entries(schemas)) {
    const found = rowOfNode.get(object);
    if (!found || !asksLimits(found) || !(object.properties || object.allOf)) continue;
    const calls = reaching.get(name) ?? new Set<string>();
    const onlyItsCalls = (component: string) => [...(reaching.get(component) ?? [])].every((call) => calls.has(call));
    const marker = (aspects: Set<string>) => `[${markerText({...found, aspects: found.aspects.filter((aspect) => aspects.has(aspect))})}](${registerRoute}#${found.id})`;
    /** The borrowed aspects a node shows itself: its values (an enum) and its limits. */
    const ownLimits = (node: Node) =>
      new Set([...(node.enum !== undefined ? ['values'] : []), ...(boundKeywords.some((keyword) => node[keyword] !== undefined) ? ['bounds'] : [])].filter((aspect) => found.aspects.includes(aspect as never)));
    /**
     * Marks the limits under `node`, in place where `inPlace`; returns the aspects found under it. A
     * reference to a shared schema is marked as a whole on `field`: the property that holds it (the
     * array, for an array's entries). A node whose own question asks its limits is left alone.
     */
    const walk = (node: Node | undefined, inPlace: boolean, trail: Set<Node>, field: Node | undefined = node): Set<string> => {
      const held = new Set<string>();
      if (!node || typeof node !== 'object' || trail.has(node) || (node !== object && asksLimits(rowOfNode.get(node)))) return held;
      const next = new Set(trail).add(node);
      const name = schemaName(node);
      const target = name ? schemas[name] : undefined;
      if (name && target) {
        if (asksLimits(rowOfNode.get(target)) || statesValuesEverywhere(target)) return held;
        const shared = !onlyItsCalls(name);
        const under = walk(target, inPlace && !shared, next);
        // A shared schema's limits are marked on the field that holds it, with the field's or the schema's words.
        if (inPlace && shared && under.size > 0 && field) {
          field.description = withMarkerOnce(field.description ?? target.description, marker(under));
        }
        return under;
      }
      const own = ownLimits(node);
      if (inPlace && own.size > 0 && node !== object) {
        node.description = withMarkerOnce(node.description, marker(own));
      }
      own.forEach((aspect) => held.add(aspect));
      const children = [...Object.values((node.properties ?? {}) as Record<string, Node>), ...[node.allOf, node.anyOf, node.oneOf].flat().filter(Boolean)] as Node[];
      for (const child of children) walk(child, inPlace, next).forEach((aspect) => held.add(aspect));
      walk(node.items as Node | undefined, inPlace, next, node).forEach((aspect) => held.add(aspect));
      return held;
    };
    walk(object, true, new Set());
  }
}

/**
 * For each schema of `components`, the calls that reach it: the request and answer schemas named at
 * the top of a call's body (`ReschedulePickupRequest`), each reaching itself and every schema it
 * refers to, however deep.
 */
function callsReaching(document: Document): Map<string, Set<string>> {
  const schemas = document.components.schemas ?? {};
  const referencesIn = (value: unknown): string[] => [...JSON.stringify(value ?? {}).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
  const reaching = new Map<string, Set<string>>();
  for (const call of callSchemaNames(document)) {
    const pending = [call];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const name = pending.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!reaching.has(name)) reaching.set(name, new Set());
      reaching.get(name)!.add(call);
      pending.push(...referencesIn(schemas[name]));
    }
  }
  return reaching;
}

/**
 * Redoc does not draw the description of a request's or an answer's top schema (Redocly/redoc#598), so
 * a marker there (the pickup request's borrowed limits, an answer's open shape) would never reach a
 * reader of /api/. The request body's own description and the answer's description are drawn: the
 * marker goes there too, linked in the request body, plain text in an answer (drawn inside a button).
 */
function surfaceBodyMarkers(document: Document, rowOfNode: ReadonlyMap<Node, OpenQuestion>): void {
  const schemas = document.components.schemas ?? {};
  const rowOfReference = (schema: Node | undefined): OpenQuestion | undefined => {
    const target = typeof schema?.$ref === 'string' ? schemas[schema.$ref.split('/').pop()!] : undefined;
    return target ? rowOfNode.get(target) : undefined;
  };
  // The top schema, or each of its `anyOf`/`oneOf` variants (the generic 400's validation body), whose
  // descriptions Redoc does not draw either.
  const topRows = (content: unknown): OpenQuestion[] => {
    const schema = (content as {'application/json'?: {schema?: Node}} | undefined)?.['application/json']?.schema;
    const variants = [...((schema?.anyOf as Node[] | undefined) ?? []), ...((schema?.oneOf as Node[] | undefined) ?? [])];
    return [schema, ...variants].map(rowOfReference).filter((found): found is OpenQuestion => found !== undefined);
  };
  const topRow = (content: unknown): OpenQuestion | undefined => topRows(content)[0];
  for (const item of Object.values(document.paths)) {
    for (const method of methods) {
      const operation = item[method] as {requestBody?: Node; responses?: Record<string, Node>} | undefined;
      const body = operation?.requestBody;
      const bodyRow = body ? topRow(body.content) : undefined;
      if (body && bodyRow) {
        body.description = withMarkerOnce(body.description, linkedMarker(bodyRow));
      }
      for (const response of Object.values(operation?.responses ?? {})) {
        // A shared answer (`$ref` to components.responses) is marked once, below.
        for (const answerRow of typeof response.$ref === 'string' ? [] : topRows(response.content)) {
          response.description = withMarkerOnce(response.description, labelOf(answerRow));
        }
      }
    }
  }
  for (const response of Object.values(document.components.responses ?? {})) {
    for (const answerRow of topRows(response.content)) {
      response.description = withMarkerOnce(response.description, labelOf(answerRow));
    }
  }
}

/**
 * An answer's markers are plain text (Redoc draws an answer inside a button: no links), so two
 * "Portal assumption" markers side by side there join as the guides join two marks: "*Portal
 * assumption: which calls, required fields, body shape*", not three marks in a row. A marker that
 * also names what is open ("type; Open: format") stays apart.
 */
function joinAnswerMarkers(document: Document): void {
  const join = (description: unknown) =>
    typeof description !== 'string'
      ? description
      : description.replace(/\*Portal assumption: ([^*;[\]]+)\*(?: \*Portal assumption: ([^*;[\]]+)\*)+/g, (run) =>
          `*Portal assumption: ${[...new Set([...run.matchAll(/\*Portal assumption: ([^*]+)\*/g)].flatMap((match) => match[1].split(', ')))].join(', ')}*`,
        );
  const answers = [
    ...Object.values(document.paths).flatMap((item) => methods.flatMap((method) => Object.values(((item[method] as {responses?: Record<string, Node>} | undefined)?.responses ?? {})))),
    ...Object.values(document.components.responses ?? {}),
  ];
  for (const answer of answers) {
    if (typeof answer.$ref !== 'string') answer.description = join(answer.description) as string;
  }
}
