import {readdirSync} from 'node:fs';
import path from 'node:path';

/**
 * Every page below a docs folder (`.md` and `.mdx`, the files Docusaurus makes pages of), as full
 * paths in a stable order. The guide links of the contract, the spelling check and the docs tests all
 * read the pages through this one walk.
 */
export function docsPages(folder: string): string[] {
  return readdirSync(folder, {withFileTypes: true})
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? docsPages(full) : /\.mdx?$/.test(entry.name) ? [full] : [];
    })
    .sort();
}
