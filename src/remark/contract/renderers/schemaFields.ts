/** `<SchemaFields>` and `<EnumValues>`: a schema's fields, with their types, limits and presence, and an enumeration's values. */

import {Contract, type Schema} from '../contract';
import {inlineCode, inlineMarkdown, jsx, link, list, paragraph, strong, text, type Node} from '../mdast';
import {type PageState, type Renderer, apiWideRow, guideDescription, questionMark, required, rowOfNode, shownAspects} from './shared';
import {statesValuesEverywhere, type OpenQuestion} from '../../../../contract/openQuestions';
import {boundKeywords} from '../../../../contract/citations';
import {assumedTypeAspects, assumedTypesRowId, showsAssumedEncoding, showsAssumedType} from '../../../../contract/openQuestions/assumedTypes';
import {statedFor} from '../../../../contract/openQuestions/rows';

/** The schema's name when it is a `$ref` to a named component. */
export function refName(schema: Schema): string | undefined {
  return schema.$ref?.split('/').pop();
}

/** Merges `allOf` parts and follows references, keeping the outer description. */
export function flatten(contract: Contract, schema: Schema): Schema {
  const resolved = contract.resolve<Schema>(schema);
  if (!resolved.allOf) {
    return {...resolved, description: schema.description ?? resolved.description};
  }
  const parts = resolved.allOf.map((part) => flatten(contract, part));
  return {
    ...resolved,
    type: 'object',
    description: schema.description ?? resolved.description,
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), resolved.properties ?? {}),
    required: [...new Set(parts.flatMap((part) => part.required ?? []).concat(resolved.required ?? []))],
  };
}

export function typeLabel(contract: Contract, schema: Schema): string {
  const resolved = flatten(contract, schema);
  if (resolved.type === 'array' && resolved.items) {
    // An array whose entries the specification does not type (`items: {}`) is an array, not "an
    // array of not stated": the open question of its field says what is open.
    const items = flatten(contract, resolved.items);
    const untyped = !items.type && !items.oneOf && !items.anyOf && !items.properties;
    return untyped ? 'array' : `array of ${typeLabel(contract, resolved.items)}`;
  }
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (!resolved.type && alternatives) {
    return [...new Set(alternatives.map((alternative) => typeLabel(contract, alternative)))].join(' or ');
  }
  // A field the specification names without a type has none in the contract: say so, not "any".
  const type = Array.isArray(resolved.type) ? resolved.type.filter((t) => t !== 'null').join(' or ') + ' or null' : resolved.type ?? 'not stated';
  // An encoding reads as a format does: "string (base64)".
  const form = resolved.format && resolved.format !== 'password' ? resolved.format : (resolved as {contentEncoding?: string}).contentEncoding;
  return form ? `${type} (${form})` : type;
}

/**
 * A bound as the specification writes it: plain digits, no thousands separators, so a date bound
 * reads `20250417`, not `20,250,417`, and `99999999` matches the specification's text.
 */
export const number = (value: number) => String(value);

/** Values as code, joined by commas: `a`, `b`, `c`. */
const codeValues = (values: readonly unknown[]): Node[] => values.flatMap((value, index) => [...(index ? [text(', ')] : []), inlineCode(String(value))]);

/** The limits of a field, in words, with the exact numbers of the contract. */
export function limits(contract: Contract, schema: Schema): Node[] {
  return limitParts(contract, schema).flatMap((part, index) => [...(index ? [text('; ')] : []), ...part]);
}

/** Each limit as its own run of nodes, so an array's item limits can be prefixed one by one. */
export function limitParts(contract: Contract, schema: Schema): Node[][] {
  const resolved = flatten(contract, schema);
  const parts: Node[][] = [];
  const {minLength, maxLength, minimum, maximum} = resolved;
  if (maxLength !== undefined) {
    const exact = minLength === maxLength;
    parts.push([text(exact ? `${maxLength} characters` : minLength ? `${minLength} to ${maxLength} characters` : `up to ${maxLength} characters`)]);
  } else if (minLength) {
    parts.push([text(`at least ${minLength} character${minLength > 1 ? 's' : ''}`)]);
  }
  if (minimum !== undefined && maximum !== undefined) {
    parts.push([text(`${number(minimum)} to ${number(maximum)}`)]);
  } else if (maximum !== undefined) {
    parts.push([text(`up to ${number(maximum)}`)]);
  } else if (minimum !== undefined) {
    parts.push([text(`at least ${number(minimum)}`)]);
  }
  if (resolved.pattern) {
    parts.push([text('pattern '), inlineCode(resolved.pattern)]);
  }
  if (resolved.const !== undefined) {
    parts.push([text('always '), inlineCode(String(resolved.const))]);
  }
  if (resolved.enum) {
    const name = refName(contract.resolve<Schema>(schema).$ref ? contract.resolve<Schema>(schema) : schema);
    if (resolved.enum.length <= 6 || !name) {
      parts.push([text('one of '), ...codeValues(resolved.enum)]);
    } else {
      parts.push([text(`one of ${resolved.enum.length} values (`), inlineCode(name), text(')')]);
    }
  }
  if (resolved.type === 'array') {
    if (resolved.minItems) {
      parts.push([text(`at least ${resolved.minItems} item${resolved.minItems > 1 ? 's' : ''}`)]);
    }
    if (resolved.items) {
      parts.push(...limitParts(contract, resolved.items).map((part) => [text('each: '), ...part]));
    }
  }
  return parts;
}

/**
 * What a field list says of a field's presence. The specification marks `required` for a few schemas only
 * ("all required", "optional"); elsewhere it "is not shown" (spec line 98), so a field says nothing
 * unless the carrier does: `required` in a `required` list, `optional` where its description opens
 * with "Optional", as the specification calls it. A `required` list the contract fills itself
 * (`x-not-stated: [required]` on the object) is the portal's assumption, and labelled so.
 */
export type Requirement = 'required' | 'required (portal assumption)' | 'optional' | undefined;

export function requirementOf(object: Schema, name: string, property: Schema, contract: Contract): Requirement {
  if ((object.required ?? []).includes(name)) {
    return object['x-not-stated']?.includes('required') ? 'required (portal assumption)' : 'required';
  }
  return /^Optional\b/.test(flatten(contract, property).description ?? '') ? 'optional' : undefined;
}

/**
 * A field of a list: its path, its schema, its presence, and the object it is a field of;
 * `sameShapeAs` names the field above whose fields it shares, which it does not list again.
 */
/** `sameShapeAs`: the field above with the same named shape; `fieldsUnder`: the page's section that lists its fields. */
export type FieldRow = {name: string; schema: Schema; required: Requirement; parent: Schema; sameShapeAs?: string; fieldsUnder?: string};


/**
 * The open question of an object whose fields' limits and values the portal borrows (the pickup
 * request takes the BOL plus pickup's): its fields' limits carry its mark. A field's own shared
 * schema does not count: the probill number's range is stated on some calls and assumed on others,
 * and the API introduction says that once.
 */
export function borrowedLimits(contract: Contract, schema: Schema): OpenQuestion | undefined {
  const resolved = contract.resolve<Schema>(schema);
  if (!(resolved.properties || resolved.allOf)) return undefined;
  const row = rowOfNode(contract, resolved) ?? rowOfNode(contract, schema);
  return row?.aspects.some((aspect) => aspect === 'bounds' || aspect === 'values') ? row : undefined;
}

/**
 * The rows of `schema`'s fields, `depth` levels down. A field whose object or items are a named shape
 * already listed above (the destination terminal after the origin's) is one row that names the field
 * with those fields, instead of their descriptions again: within a list, each is read once.
 */
export function fieldRows(contract: Contract, schema: Schema, prefix: string, depth: number, listed = new Map<object, string>(), describedUnder = new Map<object, string>()): FieldRow[] {
  const object = flatten(contract, schema);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const resolved = flatten(contract, property);
    const row: FieldRow = {name: `${prefix}${name}`, schema: property, required: requirementOf(object, name, property, contract), parent: schema};
    if (depth <= 1) {
      return [row];
    }
    const items = resolved.type === 'array' && resolved.items ? flatten(contract, resolved.items) : undefined;
    const nested = resolved.properties ? property : items?.properties ? resolved.items! : undefined;
    if (!nested) {
      return [row];
    }
    // A shape is the same when it is the same named schema (a $ref), not when two inline objects look alike.
    const shape = nested.$ref ? contract.resolve<Schema>(nested) : undefined;
    const shownAs = shape ? listed.get(shape) : undefined;
    if (shownAs) {
      return [{...row, sameShapeAs: shownAs}];
    }
    const section = shape ? describedUnder.get(shape) : undefined;
    if (section) {
      return [{...row, fieldsUnder: section}];
    }
    if (shape) listed.set(shape, row.name);
    return [row, ...fieldRows(contract, nested, nested === property ? `${row.name}.` : `${row.name}[].`, depth - 1, listed, describedUnder)];
  });
}

/**
 * A description that ends on the limit the facts line already shows ("City, up to 25 characters.")
 * loses that ending in the field list: the limit is read once, beside its type, where a tag can say
 * that the portal assumes it.
 */
export function withoutRepeatedBound(description: string | undefined, bounds: Node[]): string | undefined {
  const shown = bounds.length === 1 && bounds[0].type === 'text' ? String(bounds[0].value) : undefined;
  if (!description || !shown) {
    return description;
  }
  const ending = `, ${shown}.`;
  return description.endsWith(ending) ? `${description.slice(0, -ending.length)}.` : description;
}

/**
 * Where on a field's line a mark sits: after its type (the API-wide mark of an assumed type first,
 * `assumedType`, then the field's own question there), or after its limits (bounds, pattern, values),
 * the API-wide type row's last where it names the unit of a bare-number length too (`lengthUnit`).
 */
type MarkSpot = 'assumedType' | 'type' | 'limits' | 'lengthUnit' | 'presence';


/**
 * The marks of one field's line: each open question of the field (its holder where it has one, a
 * query parameter; its own node, then the schema it
 * refers to, then its entries') sits on the fact it bends: a type, a format or a shape on the type; a
 * bound, a pattern or the allowed values on the limits, or on the type where the line shows no limit.
 * Which fields are required is the object's question, marked on "required" (requirementOf). Limits
 * or values that a row says the specification gives for the list's schema (`listOf`, `statedIn`) are
 * not marked there.
 */
export function fieldMarks(contract: Contract, field: Schema, showsLimits: boolean, {holder, listOf, showsPresence = false}: {holder?: object; listOf?: string; showsPresence?: boolean} = {}): Map<MarkSpot, Node[]> {
  // A query parameter's own questions (its page size's bounds) come first, then its schema's.
  const nodes: Schema[] = [...(holder ? [holder as Schema] : []), field];
  const target = field.$ref ? contract.resolve<Schema>(field) : undefined;
  if (target) nodes.push(target);
  const shown = flatten(contract, field);
  const showsFormat = Boolean(shown.format || shown.pattern || showsAssumedEncoding(shown as never));
  const items = shown.items;
  if (items) nodes.push(items, ...(items.$ref ? [contract.resolve<Schema>(items)] : []));
  const marks = new Map<MarkSpot, Node[]>();
  const marked = new Set<string>();
  let ownTypeQuestion = false;
  for (const node of nodes) {
    const row = rowOfNode(contract, node);
    if (!row || marked.has(row.id)) continue;
    marked.add(row.id);
    if (row.aspects.includes('type')) ownTypeQuestion = true;
    const bySpot = new Map<MarkSpot, string[]>();
    for (const aspect of row.aspects) {
      // A field list marks presence on its own "required" (fieldPresence); a query line that shows a
      // parameter as optional marks that word.
      if (aspect === 'required' && !showsPresence) continue;
      // Limits or values the specification gives for this list's call are the carrier's here.
      if (statedFor(row, listOf, aspect)) continue;
      const onLimits = aspect === 'bounds' || aspect === 'values' || (aspect === 'format' && Boolean(flatten(contract, node).pattern));
      const spot: MarkSpot = aspect === 'required' ? 'presence' : onLimits && showsLimits ? 'limits' : 'type';
      bySpot.set(spot, [...(bySpot.get(spot) ?? []), aspect]);
    }
    // Each question marks the fact it bends, beside another question's mark on the same fact (the pickup
    // number's meaning, and its type and limits).
    for (const [spot, aspects] of bySpot) {
      // A type the line gives as "not stated" is open, not assumed; so are limits or values the line
      // does not show (a range the carrier leaves open, which the contract does not fill in), and a
      // format the line does not show (a document's file format, beside its stated base64).
      // An object listed without fields (an agent item's `dimensions`) shows no shape: an open shape
      // with nothing assumed in its place is open there, as /api/'s marker says.
      const showsShape = Boolean(shown.properties || shown.allOf || shown.anyOf || shown.oneOf || (items && flatten(contract, items).properties));
      // Limits or values the line does not show (on the type, not after limits) show nothing assumed either.
      const showsNothingAssumed = !row.assumed && !aspects.some((aspect) => shownAspects.has(aspect) && !(aspect === 'shape' && !showsShape) && !((aspect === 'bounds' || aspect === 'values') && spot !== 'limits'));
      const showsFact =
        spot === 'limits' ||
        (typeLabel(contract, field) !== 'not stated' && !showsNothingAssumed && !aspects.every((aspect) => aspect === 'bounds' || aspect === 'values' || (aspect === 'format' && !showsFormat)));
      marks.set(spot, [...(marks.get(spot) ?? []), questionMark(row, aspects, showsFact)]);
    }
  }
  // A type no words of the carrier give ("pw string") carries the API-wide row's mark, beside a
  // question of the field's own on another aspect (`totalWeight` number, its unit open).
  const typesRow = apiWideRow(contract, assumedTypesRowId, 'optional');
  if (typesRow && !ownTypeQuestion && showsAssumedType(contract.raw as never, field as never)) {
    // A length read from a bare number ("purchaseOrder 12" as 12 characters): one mark after the
    // limit, naming the type and the unit it reads, as /api/'s marker does.
    const aspects = assumedTypeAspects(contract.raw as never, field as never);
    marks.set(aspects.includes('unit') && showsLimits ? 'lengthUnit' : 'assumedType', [questionMark(typesRow, aspects, true)]);
  }
  return marks;
}

/** The first open question that leaves `aspect` open on one of `nodes` (a response, its schema…). */
export function rowLeaving(contract: Contract, nodes: readonly (object | undefined)[], aspect: string): OpenQuestion | undefined {
  const leaving = nodes.map((node) => (node ? rowOfNode(contract, node) : undefined)).filter((row): row is OpenQuestion => Boolean(row?.aspects.includes(aspect as never)));
  // The row that says what the portal assumes, where one does: a call's row may only ask (the
  // preassigned probill's "shape of the answer"), while its answer's row gives the shape assumed.
  return leaving.find((row) => row.assumed) ?? leaving[0];
}

/**
 * A field's description, unless the page has shown the same words already: a sentence of eight words
 * or more that a shared component gives every field using it is read once a page, under the first
 * field that has it. A short one ("Probill number.") costs less to repeat than to look up.
 */
function onceAPage(page: PageState, description: string | undefined): string | undefined {
  if (!description || description.split(/\s+/).length < 8) return description;
  if (page.fieldDescriptionsShown.has(description)) return undefined;
  page.fieldDescriptionsShown.add(description);
  return description;
}

/** A field's type and limits, each with its mark: the start of its facts line, and of a query parameter's. */
export function typeAndLimits(contract: Contract, schema: Schema, bounds: Node[], marks: Map<MarkSpot, Node[]>, {presence = ''}: {presence?: string} = {}): Node[] {
  const mark = (spot: MarkSpot) => (marks.get(spot) ?? []).flatMap((node) => [text(' '), node]);
  return [
    text(typeLabel(contract, schema)),
    ...mark('assumedType'),
    ...mark('type'),
    ...(bounds.length > 0 ? [text(' · '), ...bounds, ...mark('limits'), ...mark('lengthUnit')] : []),
    ...(presence ? [text(` · ${presence}`), ...mark('presence')] : []),
  ];
}

/** A list of values as a key: the same values, in the same order, wherever a schema holds them. */
const valuesKey = (values: readonly unknown[]) => JSON.stringify(values);

/**
 * A long list of allowed values (the 23 pickup statuses), which the field's line names by count: the
 * values themselves, collapsed under the field, so a reader finds them in the call's own section.
 */
function valuesInPlace(contract: Contract, schema: Schema, page: PageState): Node[] {
  const shown = flatten(contract, schema);
  const values = shown.enum ?? (shown.type === 'array' && shown.items ? flatten(contract, shown.items).enum : undefined);
  if (!values || values.length <= 6) return [];
  // Listed already on the page, in the task's own section (the rate quote's special services): named, not repeated.
  const listed = page.valuesListed.get(valuesKey(values));
  if (listed) {
    // Named, not linked: a page's own headings get their anchors from Docusaurus after this plugin runs.
    return [paragraph(text(`The ${values.length} values are listed above, under "${listed}".`))];
  }
  return [
    jsx('details', {className: 'field-list__values'}, [
      jsx('summary', {}, [text(`The ${values.length} values`)]),
      paragraph(...codeValues(values)),
    ]),
  ];
}

/**
 * `<SchemaFields schema="PickupRequest" depth="2" />`: every field as one entry of a list, in the
 * manner of Stripe's and GitHub's references: name, type, limits and presence on one line, the
 * carrier's description under it. A list wraps at any width, where a five-column table made readers
 * scroll sideways at 1280 px. What a field leaves open is not repeated here: the call's Open
 * questions block says it once.
 */
export const SchemaFields: Renderer = (contract, props, page) => {
  const name = required(props, 'schema', 'SchemaFields');
  const depth = Number(props.depth ?? 3);
  const rows = fieldRows(contract, contract.schema(name), '', depth, new Map(), describedSections(contract, props.described, name));
  const borrowed = borrowedLimits(contract, contract.schema(name));
  if (rows.length === 0) {
    throw new Error(`<SchemaFields schema="${name}"> has no fields to show`);
  }
  const items = rows.map((row) => {
    const bounds = limits(contract, row.schema);
    const marks = fieldMarks(contract, row.schema, bounds.length > 0, {listOf: name});
    // Limits the object borrows (the pickup request's, from the BOL plus pickup) are marked on each limit
    // shown, with the object's one question, where the field has no question of its own there.
    // The object the field belongs to may say so itself; the list's own object says it for all its fields.
    const borrowedHere = borrowedLimits(contract, row.parent) ?? borrowed;
    // A pattern alone (a date's or a time's form, cited where its schema is) is no borrowed limit.
    const shown = flatten(contract, row.schema);
    const hasBorrowable = !statesValuesEverywhere(shown as never) && (shown.enum || shown.items || boundKeywords.some((keyword) => (shown as Record<string, unknown>)[keyword] !== undefined));
    if (borrowedHere && bounds.length > 0 && hasBorrowable && !marks.has('limits')) {
      marks.set('limits', [questionMark(borrowedHere, [...(shown.enum || shown.items ? ['values'] : []), ...(shown.enum ? [] : ['bounds'])], true)]);
    }
    const facts = typeAndLimits(contract, row.schema, bounds, marks);
    if (row.sameShapeAs) {
      facts.push(text(' · the fields of '), inlineCode(row.sameShapeAs));
    }
    if (row.fieldsUnder) {
      facts.push(text(shown.type === 'array' ? ' · the fields of each entry under ' : ' · its fields under '), link(`#${headingSlug(row.fieldsUnder)}`, text(row.fieldsUnder)));
    }
    // No mark where the carrier does not say: the page says once what that means.
    if (row.required === 'optional') {
      facts.push(text(' · optional'));
    } else if (row.required) {
      facts.push(text(' · '), strong(text('required')));
      if (row.required === 'required (portal assumption)') {
        const holder = rowOfNode(contract, contract.resolve<Schema>(row.parent)) ?? rowOfNode(contract, row.parent);
        if (!holder) throw new Error(`${name}: ${row.name} is required on the portal's reading, but its object has no x-open question to link the mark to`);
        // The object's question as it bears on this fact: which fields are required.
        facts.push(text(' '), questionMark(holder, ['required'], true, 'Portal assumption'));
      }
    }
    const description = onceAPage(page, withoutRepeatedBound(guideDescription(flatten(contract, row.schema).description), bounds));
    return [
      jsx('div', {className: 'field-list__head'}, [paragraph(inlineCode(row.name), text(' '), jsx('span', {className: 'field-list__facts'}, facts))]),
      ...(description ? [paragraph(...inlineMarkdown(description))] : []),
      ...valuesInPlace(contract, row.schema, page),
    ];
  });
  const explain = !page.requiredExplained;
  page.requiredExplained = true;
  return [
    jsx('div', {className: 'field-list', role: 'group', 'aria-label': `Fields of ${name}`}, [
      {type: 'list', ordered: false, spread: false, children: items.map((children) => ({type: 'listItem', spread: false, children}))},
    ]),
    ...(explain
      ? [paragraph(strong(text('required')), text(' and optional are the carrier\'s words; a tag after either marks it as the portal\'s. Where a field has neither, the carrier has not said which.'))]
      : []),
  ];
};

/**
 * `described="Item: Describe the items"`: the named shapes a section of the page lists on its own,
 * whose fields a call's list then leaves to it (one list of the 24 item fields, not three). An unknown
 * schema stops the build, naming the list.
 */
function describedSections(contract: Contract, described: string | undefined, list: string): Map<object, string> {
  const sections = new Map<object, string>();
  for (const entry of (described ?? '').split(';').map((part) => part.trim()).filter(Boolean)) {
    const match = /^(\w+):\s*(.+)$/.exec(entry);
    if (!match) throw new Error(`<SchemaFields schema="${list}" described="${described}">: write each entry as "Schema: Section heading"`);
    sections.set(contract.schema(match[1]), match[2]);
  }
  return sections;
}

/** The anchor Docusaurus gives a heading of plain words ("Describe the items": `describe-the-items`); the build's link check confirms it. */
const headingSlug = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').trim().replace(/\s+/g, '-');

/** `<EnumValues schema="ProbillStatus" />`: every allowed value, exactly as the API spells it. */
export const EnumValues: Renderer = (contract, props, page) => {
  const name = required(props, 'schema', 'EnumValues');
  const values = flatten(contract, contract.schema(name)).enum;
  if (!values?.length) {
    throw new Error(`<EnumValues schema="${name}"> is not an enumeration`);
  }
  if (page.lastHeading && !page.valuesListed.has(valuesKey(values))) page.valuesListed.set(valuesKey(values), page.lastHeading);
  return [list(values.map((value) => [inlineCode(String(value))]))];
};
