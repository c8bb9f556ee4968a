/**
 * The node a local reference (`#/components/schemas/Pickup`) points at in a document, or undefined
 * when nothing is there. Callers decide what a missing target means: the code samples throw, the
 * contract diff leaves the reference as it is for the library to report.
 */
export function pointerTarget(document: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    // RFC 6901: `~1` is `/` and `~0` is `~`, decoded in that order.
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, token) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined), document);
}
