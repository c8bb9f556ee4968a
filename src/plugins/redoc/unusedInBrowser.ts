/**
 * Stands in, in the browser bundle only, for modules that Redoc's bundle imports but /api/ never uses
 * (see ./browserBundle.ts for which and why). Anything that does reach one fails loudly.
 */
const unavailable = (): never => {
  throw new Error('This part of Redoc is left out of the portal: /api/ renders the contract bundled at build time.');
};

// @redocly/openapi-core lib/bundle and lib/config/config: Redoc's loader of a description by URL.
export async function bundle(): Promise<never> {
  return unavailable();
}

export class Config {
  constructor() {
    unavailable();
  }
}

// yaml: read by Redoc's Swagger 2.0 converter only.
export const parse = unavailable;
export const stringify = unavailable;
