/**
 * Read access to the bundled OpenAPI description for the docs: the same file Redoc renders at /api/,
 * so a guide's tables and samples cannot disagree with the reference.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {allSampleLanguages} from '../../../contract/codeSamples';
import {openApiJsonPath, outputFolder, outputRoot, publishedStampPath, type OutputTarget} from '../../../contract/outputs';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  uniqueItems?: boolean;
  'x-not-stated'?: string[];
  'x-open'?: {question: string; assumed?: string; sandbox?: string};
};

export type Example = {summary?: string; description?: string; value: unknown};
type Reference = {$ref: string};
export type Response = {description: string; 'x-not-stated'?: string[]; 'x-open'?: {question: string; assumed?: string; sandbox?: string}; content?: Record<string, {schema?: Schema; examples?: Record<string, Example | Reference>}>};
export type CodeSample = {lang: string; label: string; source: string};
export type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: object[];
  responses: Record<string, Response | Reference>;
  'x-codeSamples'?: CodeSample[];
};
export type OperationEntry = {method: string; path: string; operation: Operation};

type Document = {
  security?: object[];
  paths: Record<string, Record<string, Operation>>;
  components: {schemas: Record<string, Schema>; [kind: string]: Record<string, unknown>};
};

export class Contract {
  private constructor(
    private readonly document: Document,
    /** The project the description was bundled from: docs/ and openapi/releases/ are read there. */
    readonly projectRoot: string,
    /** The output folder the description was published into: the downloads are read there. */
    readonly outputRoot: string,
    /** The description's exact text as served (its hash names the contract's identity). */
    readonly servedText: string,
  ) {}

  /** The document as served, for code that walks it whole (the open questions). */
  get raw(): Document {
    return this.document;
  }

  /** A description still in memory (the publisher renders the operations' Markdown before writing). */
  static fromDocument(document: object, text: string, projectRoot: string, target: OutputTarget): Contract {
    return new Contract(document as Document, projectRoot, outputRoot(projectRoot, target), text);
  }

  /** The description a command published (contract/outputs.ts): `build` unless said otherwise. */
  static load(projectRoot: string, target: OutputTarget = 'build'): Contract {
    const file = path.join(outputRoot(projectRoot, target), openApiJsonPath);
    if (!existsSync(file)) {
      throw new Error(`${outputFolder(target)}/${openApiJsonPath} is missing: the docs render their tables from it. Run \`npm run openapi:bundle\` (\`npm run build\` and \`npm start\` publish it themselves).`);
    }
    const text = readFileSync(file, 'utf8');
    return new Contract(JSON.parse(text) as Document, projectRoot, outputRoot(projectRoot, target), text);
  }

  private static latest = new Map<string, {stamp: string; contract: Contract}>();

  /**
   * The description as last published, read again only when its stamp has changed: the pages of a
   * preview are compiled again after each publish, and read the contract once per publish, not per page.
   */
  static current(projectRoot: string, target: OutputTarget): Contract {
    const stampFile = path.join(outputRoot(projectRoot, target), publishedStampPath);
    const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
    const key = `${projectRoot}:${target}`;
    const cached = Contract.latest.get(key);
    if (cached && stamp !== '' && cached.stamp === stamp) {
      return cached.contract;
    }
    const contract = Contract.load(projectRoot, target);
    Contract.latest.set(key, {stamp, contract});
    return contract;
  }

  /** Follows `$ref`s of the form `#/components/<kind>/<name>`. */
  resolve<T>(value: T | Reference): T {
    if (value && typeof value === 'object' && '$ref' in value) {
      const [, , kind, name] = (value as Reference).$ref.split('/');
      return this.resolve(this.document.components[kind]?.[name] as T | Reference);
    }
    return value as T;
  }

  schema(name: string): Schema {
    const schema = this.document.components.schemas[name];
    if (!schema) {
      throw new Error(`no schema named "${name}" in the API description`);
    }
    return schema;
  }

  operations(): OperationEntry[] {
    return Object.entries(this.document.paths).flatMap(([pathName, item]) =>
      Object.entries(item).map(([method, operation]) => ({method, path: pathName, operation})),
    );
  }

  operation(operationId: string): OperationEntry {
    const entry = this.operations().find((candidate) => candidate.operation.operationId === operationId);
    if (!entry) {
      throw new Error(`no operation with operationId "${operationId}" in the API description`);
    }
    return entry;
  }

  requiresToken(operation: Operation): boolean {
    return (operation.security ?? this.document.security ?? []).length > 0;
  }
}

/** The anchor Redoc gives an operation on /api/: `tag/<Tag-name>/operation/<operationId>`. */
export function redocAnchor(operation: Operation): string {
  const tag = (operation.tags[0] ?? '').trim().replace(/\s+/g, '-');
  return `tag/${tag}/operation/${operation.operationId}`;
}

export function referenceUrl(operation: Operation): string {
  return `/api/#${redocAnchor(operation)}`;
}

/**
 * Prism's name for each `x-codeSamples` language, as a guide's code block is highlighted. The site
 * highlights only with prism-react-renderer's own grammars (docusaurus.config.ts says why), which have
 * Go but not Java, C#, PHP or Ruby: those four take Prism's C-like grammar (strings, numbers,
 * comments, common keywords), which Redoc falls back to for them on /api/ as well.
 */
const highlightLanguage: Record<string, string> = {shell: 'bash', javascript: 'javascript', python: 'python', go: 'go', java: 'clike', csharp: 'clike', php: 'clike', ruby: 'clike'};

/**
 * An operation's code samples as the guides show them (`<CodeSamples>`): each tab's label, its value in
 * links and in the remembered choice (`?lang=csharp`), the code block's highlighting, the language's
 * own name (for a Markdown fence) and the code. Also read by the guides' Markdown (src/plugins/llmsTxt),
 * whose HTML holds only the tab shown.
 */
export function guideCodeSamples(operation: Operation): {label: string; tab: string; language: string; fence: string; source: string}[] {
  const samples = operation['x-codeSamples'] ?? [];
  if (samples.length === 0) {
    throw new Error(`operation ${operation.operationId} has no x-codeSamples`);
  }
  return samples.map((sample) => ({
    label: sample.label,
    tab: allSampleLanguages.find((language) => language.lang === sample.lang)?.tab ?? sample.lang,
    language: highlightLanguage[sample.lang] ?? sample.lang,
    fence: sample.lang === 'shell' ? 'bash' : sample.lang,
    source: sample.source,
  }));
}
