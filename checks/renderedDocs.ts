/**
 * Every docs page rendered once, as the site renders it (src/plugins/llmsTxt/guideMarkdown.ts:
 * expressions read, contract components expanded, headings given Docusaurus's ids), for the checks
 * that read pages without a build: links and anchors, and caveats.
 */
import path from 'node:path';

import {routeOfDocsFile} from '../contract/caveats';
import {docsPages} from '../contract/docsPages';
import type {Contract} from '../src/remark/contract/contract';
import type {Node} from '../src/remark/contract/mdast';
import {renderedDocTree} from '../src/plugins/llmsTxt/guideMarkdown';

export type RenderedDoc = {route: string; file: string; children: Node[]};

export function renderedDocs(contract: Contract): RenderedDoc[] {
  return docsPages(path.join(contract.projectRoot, 'docs')).map((source) => {
    const {file, children} = renderedDocTree(contract, source);
    return {route: routeOfDocsFile(contract.projectRoot, source), file, children};
  });
}
