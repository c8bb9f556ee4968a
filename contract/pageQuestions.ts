import {readFileSync} from 'node:fs';
import path from 'node:path';

import {docsPages} from './docsPages';

/**
 * The open questions the contract cannot hold (the test environment, SOAP, EDI, the lifecycle phases,
 * the time zone of tracking dates): each page says them once, in its `:::note[Open questions]`, and
 * the register lists them after the contract's, so the list sent to the carrier is whole (outside
 * read 12). A bullet that links to the register points at a contract row already there: it is not
 * counted twice. A bullet's `**Assumed:**` and `**Sandbox:**` parts, as the calls' blocks write them,
 * fill the register's columns of those names, so its list of assumptions is whole (14th outside read).
 */
export type PageQuestion = {id: string; page: string; title: string; question: string; assumed?: string; sandbox?: string; spec: string};

/** "what is open **Assumed:** x. **Sandbox:** y." → its three parts, each without its label. */
function partsOf(bullet: string): Pick<PageQuestion, 'question' | 'assumed' | 'sandbox'> {
  const [question, ...rest] = bullet.split(/\s*\*\*(?=Assumed:\*\*|Sandbox:\*\*)/);
  const part = (label: string) => rest.find((text) => text.startsWith(`${label}:**`))?.slice(label.length + 3).trim().replace(/\.$/, '');
  const assumed = part('Assumed');
  const sandbox = part('Sandbox');
  return {question: question.trim(), ...(assumed ? {assumed} : {}), ...(sandbox ? {sandbox} : {})};
}

const notePattern = /^:::note\[Open questions\]\n((?:- .*\n(?: {2}.*\n)*)+):::$/gm;

/** `docs/guides/statuses.mdx` → `/docs/guides/statuses`; `docs/EDI/index.mdx` → `/docs/EDI/`. */
function routeOf(docsFolder: string, file: string): string {
  const relative = path.relative(docsFolder, file).split(path.sep).join('/').replace(/\.mdx?$/, '');
  return `/docs/${relative.replace(/(^|\/)index$/, '$1')}`;
}

export function pageQuestions(docsFolder: string): PageQuestion[] {
  const found: PageQuestion[] = [];
  for (const file of docsPages(docsFolder)) {
    const source = readFileSync(file, 'utf8');
    const title = /^title: (.+)$/m.exec(source)?.[1].trim();
    // The specification's section the page's questions come from (front matter `spec_sections: "4"`).
    const spec = /^spec_sections: "?([^"\n]+)"?$/m.exec(source)?.[1].trim() ?? '';
    const page = routeOf(docsFolder, file);
    for (const note of source.matchAll(notePattern)) {
      if (!title) {
        throw new Error(`${file}: a page with open questions needs a title in its front matter`);
      }
      const bullets = note[1].split(/\n(?=- )/).map((bullet) => bullet.replace(/^- /, '').replace(/\s*\n\s*/g, ' ').trim());
      for (const bullet of bullets.filter((text) => text && !text.includes('/docs/guides/open-questions#'))) {
        found.push({id: `page-${page.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}-${found.filter((other) => other.page === page).length + 1}`, page, title, spec, ...partsOf(bullet)});
      }
    }
  }
  return found;
}
