/**
 * A larger contract for the scale benchmark (`npm run bench -- --scale N`): every call of the
 * description copied N - 1 more times under new paths and operation ids, with the same schemas,
 * examples and tags. It answers "what if the carrier's contract grew N-fold?" without inventing
 * calls: the copies are recognisable by their path suffix `/copy-K` and their summary "(copy K)".
 *
 * The bundle applies it when OPENAPI_SCALE is set (contract/bundle.ts); nothing else uses it.
 */

type Operation = {operationId?: string; summary?: string; [key: string]: unknown};
type PathItem = Record<string, unknown>;
type ScalableDocument = {paths?: Record<string, PathItem>; [key: string]: unknown};

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The environment variable that asks the bundle for a scaled contract. */
export const scaleVariable = 'OPENAPI_SCALE';

/** Reads OPENAPI_SCALE: 1 when unset; a whole number from 1 to 100, or an error naming the value. */
export function scaleFromEnvironment(environment: NodeJS.ProcessEnv = process.env): number {
  const value = environment[scaleVariable];
  if (value === undefined || value === '') {
    return 1;
  }
  const factor = Number(value);
  if (!Number.isInteger(factor) || factor < 1 || factor > 100) {
    throw new Error(`${scaleVariable}=${value}: expected a whole number from 1 to 100`);
  }
  return factor;
}

function copyOfPathItem(pathItem: PathItem, copy: number): PathItem {
  return Object.fromEntries(
    Object.entries(pathItem).map(([key, value]) => {
      if (!httpMethods.has(key)) {
        return [key, value];
      }
      const operation = value as Operation;
      return [
        key,
        {
          ...operation,
          ...(operation.operationId && {operationId: `${operation.operationId}Copy${copy}`}),
          ...(operation.summary && {summary: `${operation.summary} (copy ${copy})`}),
        },
      ];
    }),
  );
}

/**
 * The document with its paths copied: the originals first, untouched, then copy 2, copy 3 … up to
 * `factor`, each path as `<path>/copy-K`. Schemas stay shared through their `$ref`s.
 */
export function scaleContract<T extends ScalableDocument>(document: T, factor: number): T {
  if (factor === 1 || !document.paths) {
    return document;
  }
  const paths: Record<string, PathItem> = {...document.paths};
  for (let copy = 2; copy <= factor; copy++) {
    for (const [route, pathItem] of Object.entries(document.paths)) {
      paths[`${route}/copy-${copy}`] = copyOfPathItem(pathItem, copy);
    }
  }
  return {...document, paths};
}
