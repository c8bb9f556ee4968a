/**
 * The build's outputs that help readers find a page: the search index, and the Markdown copies of the
 * pages with llms.txt. The build checks (tests/build-checks) build throwaway copies of the site only to
 * see what the build refuses or warns about and what the pages say; they never read these outputs,
 * which were a third of such a build (28 s against 19 s, idle, 2026-11-29), and set this variable to
 * leave them out. The site's own build always makes them.
 */
export const withoutReaderIndexesVariable = 'PORTAL_WITHOUT_READER_INDEXES';

export const withReaderIndexes = (): boolean => !process.env[withoutReaderIndexesVariable];
