/**
 * The words of a mark ("Portal assumption: type; Open: format"), as /api/'s markers, the guides'
 * component (src/components/PortalAssumption) and the Markdown pages write them.
 */
import {notStatedAspects, type NotStatedAspect} from '../silences';
import type {OpenQuestion} from './rows';

/** The short label of each aspect, for markers ("Open: unit, type"). */
const aspectLabels: Record<NotStatedAspect, string> = {
  type: 'type',
  format: 'format',
  unit: 'unit',
  timezone: 'time zone',
  bounds: 'limits',
  values: 'values',
  required: 'required fields',
  shape: 'shape',
  presence: 'presence',
  meaning: 'meaning',
  status: 'status',
  message: 'message',
  behaviour: 'behaviour',
  location: 'location',
};

export function aspectLabel(aspect: NotStatedAspect): string {
  return aspectLabels[aspect] ?? notStatedAspects[aspect];
}

/**
 * The short marker /api/ shows for a row: "Open: unit" where the carrier leaves it open, or "Portal
 * assumption: type" where the contract shows the portal's assumption in its place (the type, limit or
 * shape shown is then the portal's). Where the assumption answers only some of the aspects
 * (`x-open.assumes`), the rest are named as open after it: "Portal assumption: type; Open: format". Its
 * row in the register says what is open and what is assumed.
 */
export function markerText(question: Pick<OpenQuestion, 'aspects' | 'assumed' | 'label' | 'assumes' | 'aspectLabels'>, showsAssumption = Boolean(question.assumed)): string {
  const label = markLabel(question, question.aspects, question.assumed && showsAssumption ? 'Portal assumption' : 'Open');
  return markName(label, markAspects(question, question.aspects, label));
}

/**
 * What a mark names after its label ("Portal assumption: …"): the row's own label, else the aspects
 * in `aspects`; where the label is "Portal assumption" and the row's assumption answers only some of
 * them (`assumes`), those, then the others as open ("type; Open: format"). Where none of them is
 * answered the mark is an "Open" one, which `markLabel` says first.
 */
export function markAspects(question: Pick<OpenQuestion, 'label' | 'assumes' | 'aspectLabels'>, aspects: readonly NotStatedAspect[], label: string): string {
  if (question.label) return question.label;
  const names = (list: readonly NotStatedAspect[]) => list.map((aspect) => question.aspectLabels?.[aspect] ?? aspectLabel(aspect)).join(', ');
  if (label !== 'Portal assumption' || !question.assumes) return names(aspects);
  const open = aspects.filter((aspect) => !question.assumes!.includes(aspect));
  const assumed = aspects.filter((aspect) => question.assumes!.includes(aspect));
  return open.length === 0 ? names(assumed) : `${names(assumed)}; ${markName('Open', names(open))}`;
}

/** "Portal assumption" where the mark's aspects include one the row's assumption answers; else "Open". */
export function markLabel(question: Pick<OpenQuestion, 'assumes'>, aspects: readonly NotStatedAspect[], label: 'Portal assumption' | 'Open'): 'Portal assumption' | 'Open' {
  return label === 'Portal assumption' && question.assumes && !aspects.some((aspect) => question.assumes!.includes(aspect)) ? 'Open' : label;
}

/**
 * A mark's words, as /api/'s marker and the Markdown pages write them: its label, then what it bends
 * where it names that ("Portal assumption: type", "Open: unit"; a bare "Portal assumption" in prose).
 */
export function markName(label: string, aspects?: string): string {
  return aspects ? `${label}: ${aspects}` : label;
}

/** What a field's mark adds to its name for a screen reader: it opens a question (src/components/PortalAssumption). */
export const markLinkSuffix = ' (open question)';
