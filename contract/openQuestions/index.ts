/**
 * The register of open questions: every silence of the contract, once, at its home (silences.ts
 * describes the `x-not-stated` + `x-open` marker). The same rows feed four readers:
 * - the register page (`<OpenQuestionsRegister />`) and its CSV and JSON downloads, which a writer
 *   sends to the carrier's API team;
 * - each call's Open questions block in the guides (`<OpenQuestions operation="…" />`), which lists
 *   the rows the call reaches: its own, its parameters', its request body's and its success answer's;
 * - /api/, where the bundle step gives each marked node a short marker linking to its row.
 * When the carrier answers a question, the writer edits the contract, and the row and every marker
 * it drove disappear with it.
 *
 * `rows.ts` reads the rows, `register.ts` makes the register and its downloads, `markers.ts` marks /api/.
 */
export * from './rows';
export * from './register';
export * from './markers';
