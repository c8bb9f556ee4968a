/**
 * Links in a docs page's Markdown lead to Markdown where there is some: the plugin gives docs links
 * their `.md`, but it also gave /api/ one (`/api/.md#tag/Pickups/operation/requestPickup`), which does
 * not exist. A link to an operation goes to that operation's page (`/api/operations/<operationId>.md`);
 * any other link to /api/ stays on /api/. A link written with a trailing slash (`/docs/EDI/`) got its
 * `.md` after the slash (`/docs/EDI/.md`): its twin is `/docs/EDI.md`, as for the same link without it.
 */
import {operationMarkdownUrl} from './operationMarkdown';

type MdastNode = {type: string; url?: string; children?: MdastNode[]};

export function markdownLinkTarget(url: string): string {
  const api = url.match(/^\/api\/(?:\.md)?(#.*)?$/);
  if (!api) {
    return url.replace(/^(\/.+)\/\.md(?=#|$)/, '$1.md');
  }
  const operationId = api[1]?.match(/\/operation\/([^/]+)$/)?.[1];
  return operationId ? operationMarkdownUrl(operationId) : `/api/${api[1] ?? ''}`;
}

function visit(node: MdastNode): void {
  if (node.type === 'link' && node.url) {
    node.url = markdownLinkTarget(node.url);
  }
  node.children?.forEach(visit);
}

export default function remarkMarkdownLinks() {
  return (tree: MdastNode) => visit(tree);
}
