/**
 * The last step of `npm run build` (its postbuild, after llms.txt): every link and anchor of the built
 * site, reported as the file and line to change (src/linkCheck). Exits 1 on a broken link; a broken
 * anchor only warns (spec section 5).
 */
import path from 'node:path';

import {checkBuiltLinks} from '../../src/linkCheck';
import {withReaderIndexes} from '../../src/plugins/llmsTxt/readerIndexes';

const projectRoot = path.resolve(__dirname, '../..');
// A build check's copy writes no llms.txt (src/plugins/llmsTxt/readerIndexes.ts); its pages still link to it.
const leftOut = withReaderIndexes() ? [] : ['/llms.txt', '/llms-full.txt'];
if (!checkBuiltLinks(path.join(projectRoot, 'build'), projectRoot, leftOut)) process.exit(1);
