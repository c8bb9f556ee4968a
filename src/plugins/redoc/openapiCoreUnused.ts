/**
 * Stands in, in the browser bundle only, for the two modules of @redocly/openapi-core that Redoc
 * imports: `lib/bundle` and `lib/config/config`. Redoc uses them for one thing, fetching and bundling a
 * description from a URL (`loadAndBundleSpec`), and /api/ never asks for that: redocusaurus hands Redoc
 * the contract bundled at build time. Importing them was not free: about a third of Redoc's chunk, and
 * building their config types and JSON-schema validators took 100+ ms of a mobile CPU on every load of
 * /api/ (measured).
 */
const unavailable = (): never => {
  throw new Error('Redoc on this site renders the bundled description; loading a description by URL is not built in.');
};

export async function bundle(): Promise<never> {
  return unavailable();
}

export class Config {
  constructor() {
    unavailable();
  }
}
