/**
 * The samples this portal writes itself, one module per language: Java, C#, Go, PHP and Ruby.
 *
 * curl, JavaScript and Python come from @readme/httpsnippet (../codeSamples.ts). For these five,
 * httpsnippet's output does not run as it is, or is not what a developer of the language would paste:
 * its Java is a fragment with no class or imports; its C# uses top-level statements, which Mono's
 * compiler refuses, and `EnsureSuccessStatusCode`, which throws before a 4xx body prints; its Ruby
 * always sets `use_ssl = true`, which fails on `http://localhost`; its Go ignores errors; its Go, PHP
 * and Ruby print only the body. Post-processing would have rewritten most of each, so each language is
 * written here whole, from the same request httpsnippet receives (`SampleRequest`).
 *
 * Every sample reads `CARRIER_BASE_URL` (the downloaded sandbox by default) and `CARRIER_TOKEN`,
 * prints the answer's status, then its body, and exits non-zero when the status is not the call's
 * success status in the contract.
 */
import {csharpSample} from './csharp';
import {writtenLanguageTabs} from './languages';
import {goSample} from './go';
import {javaSample} from './java';
import {phpSample} from './php';
import {rubySample} from './ruby';

/** One call as a sample makes it. */
export type SampleRequest = {
  /** The class or program name: the operation's id in PascalCase (`RequestPickup`). */
  readonly name: string;
  readonly method: string;
  /** The path with its query, encoded as sent (`/tracking/pickup?pickupNumber=PU7731042`). */
  readonly pathAndQuery: string;
  /** Whether the call takes the bearer token (`CARRIER_TOKEN`). */
  readonly withToken: boolean;
  /** The request body as pretty-printed JSON, where the call takes one. */
  readonly body?: string;
  /** The success status of the call in the contract: any other exits non-zero. */
  readonly successStatus: number;
  /** The environment variables read, and the base URL used when the first is not set. */
  readonly environment: {readonly baseUrl: string; readonly token: string};
  readonly defaultBaseUrl: string;
};

export type WrittenLanguage = (typeof writtenLanguageTabs)[number]['lang'];

const writers: Record<WrittenLanguage, (request: SampleRequest) => string> = {java: javaSample, csharp: csharpSample, go: goSample, php: phpSample, ruby: rubySample};

/** The written languages in tab order: the tab's value (`?lang=java`, also Redoc's language), its label and its writer. */
export const writtenLanguages = writtenLanguageTabs.map(({lang, label}) => ({lang, label, write: writers[lang]}));

/** `requestPickup` → `RequestPickup`. */
export function pascalCase(operationId: string): string {
  return operationId.charAt(0).toUpperCase() + operationId.slice(1);
}

/** Each line of `text` indented by `prefix`, blank lines left empty. */
export function indented(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line ? prefix + line : line))
    .join('\n');
}

/** The fixed headers every sample sends after the token's: what it accepts, and what it sends. */
export function plainHeaders(request: SampleRequest): [string, string][] {
  return [['Accept', 'application/json'], ...(request.body !== undefined ? [['Content-Type', 'application/json'] as [string, string]] : [])];
}
