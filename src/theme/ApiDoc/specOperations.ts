/** The parts of the OpenAPI document that the /api/ page's hooks read. */
export type Spec = {paths?: object} | undefined;

export type SpecOperation = {operationId: string; path: string; summary?: string; description?: string};

/** Every operation of the description that has an operationId, in the description's order. */
export function specOperations(spec: Spec): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, methods] of Object.entries(spec?.paths ?? {}) as [string, object][]) {
    for (const operation of Object.values(methods) as Partial<SpecOperation>[]) {
      if (operation?.operationId) {
        operations.push({operationId: operation.operationId, path, summary: operation.summary, description: operation.description});
      }
    }
  }
  return operations;
}
