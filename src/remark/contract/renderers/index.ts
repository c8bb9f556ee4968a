/**
 * What each contract component of the docs becomes: plain Markdown (tables, lists, code, links)
 * generated at build time, so it costs no JavaScript in the browser and the offline search indexes it.
 */
import {handWrittenMark, type Renderer} from './shared';
import {EnumValues, SchemaFields} from './schemaFields';
import {OpenQuestions, OpenQuestionsRegister} from './openQuestions';
import {CodeSamples, OperationLink, OperationSummary, ResponseExample, TryIt} from './operation';
import {CommonErrors, ErrorCatalogue, ErrorResponses} from './errors';
import {Downloads, SandboxCommands, SandboxLifecycle, SandboxLimits, SandboxMagicValues} from './sandbox';

export {newPageState, type PageState, type Renderer} from './shared';

export const renderers: Record<string, Renderer> = {
  Downloads,
  OpenQuestions,
  OpenQuestionsRegister,
  SandboxCommands,
  SandboxMagicValues,
  SandboxLimits,
  SandboxLifecycle,
  SchemaFields,
  EnumValues,
  OperationLink,
  OperationSummary,
  CodeSamples,
  ResponseExample,
  ErrorResponses,
  CommonErrors,
  ErrorCatalogue,
  TryIt,
  // A page's own mark (`<PortalAssumption row="…" />`), given its question from the register.
  PortalAssumption: (contract, props) => handWrittenMark(contract, props),
};
