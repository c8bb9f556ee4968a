/**
 * /api/'s markers, call by call. Redoc draws a shared component the same under every call that uses
 * it, but the specification's facts can differ by call:
 * - a row's limits or values the specification gives for one call (`x-open.stated-in`): the
 *   reschedule's times run 00:00 to 23:59, while the pickup request's are the portal's assumption;
 * - limits an object borrows from another call (the pickup request takes the BOL plus pickup's): the
 *   shared `PickupParty` is the carrier's under the BOL and borrowed under the pickup request.
 *
 * The guides mark each call's field list on its own (src/remark/contract/renderers/schemaFields.ts).
 * For /api/, each call's request or answer schema gets its own copy, inline, of every shared part
 * whose markers differ there; the parts whose markers do not differ stay references. Only the page
 * gets these copies: the served openapi.json keeps one component per shape, which generated clients
 * and the register read. There a field's marker leaves out what `stated-in` gives for the calls that
 * reach its component (markers.ts), so a shared part whose facts differ by call is given to each call
 * as a component of its own in openapi/ (`ReschedulePickupWindow`, `BolPickupWindow`).
 */
import {boundKeywords} from '../citations';
import {aspectsOpenFor, callSchemaNames, markerText, statedFor, statesValuesEverywhere, openQuestions, referencedComponent, registerRoute, rowsByNode, withMarker, type Document, type Node, type OpenQuestion} from './rows';

type Schema = Node & {properties?: Record<string, Node>; items?: Node; allOf?: Node[]; anyOf?: Node[]; oneOf?: Node[]; enum?: unknown[]; pattern?: string};

/** A row's marker as the bundle step writes it, wherever its link points: `*[Open: unit](…#id)*`. */
const markerOfRow = (id: string) => new RegExp(`(\\s*)\\*\\[([^\\]]*)\\]\\(([^)\\s]*)#${id.replace(/[-]/g, '\\-')}\\)\\*`, 'g');

/**
 * The document that /api/ draws: `document` with each call's request and answer schemas given the
 * markers of that call. Leaves `document` as it is. `registerHref` is where the register is, as the
 * document's links give it (the page's are site-relative).
 */
export function markEachCall<T>(document: T, {registerHref = registerRoute}: {registerHref?: string} = {}): T {
  const copy = structuredClone(document) as unknown as Document;
  const schemas = (copy.components.schemas ?? {}) as Record<string, Schema>;
  const rowOf = rowsByNode(openQuestions(copy));
  const target = (node: Node): Schema | undefined => (node.$ref?.startsWith('#/components/schemas/') ? (referencedComponent(copy, node) as Schema) : undefined);

  /** The rows a field's own marks come from: its node, the schema it refers to, its entries'. */
  const ownRows = (node: Node, shown: Schema): OpenQuestion[] =>
    [node, target(node), shown.items, shown.items ? target(shown.items) : undefined].flatMap((part) => (part && rowOf.has(part) ? [rowOf.get(part)!] : []));

  /** A description with each row stated for `call` marked for the aspects still open there. */
  const withStatedFacts = (description: string, call: string, stated: readonly OpenQuestion[]): string =>
    stated.reduce((text, row) => text.replace(markerOfRow(row.id), (_whole, space: string, _label: string, link: string) => {
      const aspects = aspectsOpenFor(row, call);
      return aspects.length > 0 ? `${space}*[${markerText({...row, aspects})}](${link}#${row.id})*` : '';
    }), description);

  /** The object row whose limits a field borrows (the pickup request's), if `schema` is one. */
  const borrowingRow = (schema: Node): OpenQuestion | undefined => {
    const row = rowOf.get(schema) ?? (target(schema) ? rowOf.get(target(schema)!) : undefined);
    const resolved = target(schema) ?? (schema as Schema);
    return (resolved.properties || resolved.allOf) && row?.aspects.some((aspect) => aspect === 'bounds' || aspect === 'values') ? row : undefined;
  };

  /**
   * `node` as `call` shows it: the same node where nothing in it changes for the call, else a copy
   * with a shared part inlined and its markers made the call's. `borrowed` is the row whose limits
   * the fields here borrow; `isField` says the node is a property, which a borrowed mark sits on.
   */
  const forCall = (node: Node, call: string, stated: readonly OpenQuestion[], borrowed: OpenQuestion | undefined, isField: boolean, depth: number): Node => {
    if (depth > 20) throw new Error(`${call}: its schema nests more than 20 levels; /api/'s per-call markers stop there`);
    const referred = target(node);
    const {$ref: _ref, ...siblings} = node;
    // Redoc shows a property's own description over the schema it refers to, so siblings win.
    const shown: Schema = referred ? {...referred, ...siblings} : (node as Schema);
    const here = borrowingRow(node) ?? borrowed;
    const result: Schema = {...shown};
    // A part changes for the call only where a description or a part below it does.
    let changed = false;
    const below = (part: Node, isProperty: boolean) => {
      const made = forCall(part, call, stated, here, isProperty, depth + 1);
      changed ||= made !== part;
      return made;
    };
    if (typeof shown.description === 'string') result.description = withStatedFacts(shown.description, call, stated);
    if (shown.properties) {
      result.properties = Object.fromEntries(Object.entries(shown.properties).map(([name, property]) => [name, below(property, true)]));
    }
    if (shown.items) result.items = below(shown.items, false);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (shown[key]) result[key] = shown[key]!.map((part) => below(part, false));
    }
    if (isField && borrowed) {
      const hasLimits = !statesValuesEverywhere(referred) && (Boolean(shown.enum) || boundKeywords.some((keyword) => shown[keyword] !== undefined));
      // A field with an open question of its own on its limits carries that mark instead (the guide's rule).
      const marksOwnLimits = ownRows(node, shown).some((row) =>
        row.aspects.some((aspect) => ((aspect === 'bounds' || aspect === 'values') && !statedFor(row, call, aspect)) || (aspect === 'format' && Boolean(shown.pattern))),
      );
      const label = markerText({...borrowed, aspects: shown.enum ? ['values'] : ['bounds']});
      // The served document may carry it already (markers.ts marks a field only its object's calls reach).
      const marked = [...String(result.description ?? '').matchAll(markerOfRow(borrowed.id))].some((found) => found[2] === label);
      if (hasLimits && !marksOwnLimits && !marked) {
        result.description = withMarker(result.description, `[${label}](${registerHref}#${borrowed.id})`);
      }
      // A shared part the served document marks as a whole, on the field that refers to it (the
      // pickup request's `pickupFrom`), is marked field by field here, as its guide's list does.
      if (referred && !hasLimits && changed && typeof result.description === 'string') {
        result.description = result.description.replace(markerOfRow(borrowed.id), '');
      }
    }
    if (!changed && result.description === shown.description) return node;
    // Redoc names a referred shape beside its type ("object (PickupWindow)"); the copy keeps that name.
    return referred && result.title === undefined ? {title: node.$ref!.split('/').pop()!, ...result} : result;
  };

  const calls = callSchemaNames(copy);
  const rows = [...rowOf.values()];
  const shownForCall = new Map<string, Node>();
  for (const call of calls) {
    const stated = rows.filter((row) => row.statedIn?.includes(call));
    const shown = forCall(schemas[call], call, stated, undefined, false, 0);
    if (shown !== schemas[call]) shownForCall.set(call, shown);
  }
  for (const [call, shown] of shownForCall) schemas[call] = shown as Schema;
  return copy as unknown as T;
}
