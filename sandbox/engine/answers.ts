/**
 * The shapes of the sandbox's answers, as the specification gives them (section 8) or the contract
 * describes them: a success from the operation's own example, the carrier's 400 and 422, a refusal.
 * What each call does with them is behaviour.ts.
 */
import type {Contract, OperationEntry} from './contract';
import {magic} from './magicValues';
import type {Json, World} from './world';

/** `alsoReliedOn`: register ids the behaviour relied on beyond the call's own (a move after a delivery). */
export type Outcome = {status: number; body?: unknown; alsoReliedOn?: string[]};
export type HandlerContext = {
  contract: Contract;
  entry: OperationEntry;
  /** The account's world; on a call that carries no token, the starting data, frozen and never stored. */
  world: World;
  body: Json;
  query: Json;
  now: Date;
  tokenLifetimeSeconds: number;
  /** A token for the account, lasting the sandbox's token lifetime unless another is given. */
  issueToken: (accountId: string, lifetimeSeconds?: number) => Promise<string>;
};
export type Handler = (context: HandlerContext) => Outcome | Promise<Outcome>;

/** The carrier's generic 400 (spec section 8), for a valid request about a record the world lacks. */
export const processingError = (): Outcome => ({status: 400, body: {statusCode: 400, message: 'Error in processing the request', error: 'Bad Request'}});
/** The carrier's validation answer (specification, section 8): a 400 listing each problem. */
export const validationError = (messages: string[]): Outcome => ({status: 400, body: {statusCode: 400, message: messages, error: 'Bad Request'}});
export const unprocessable = (message: string): Outcome => ({status: 422, body: {statusCode: 422, message, error: 'Unprocessable Entity'}});
/**
 * The 403 and 404 of the documents call: the carrier states their meaning, not their body, and the
 * contract describes none, so the sandbox sends none (the status says it all).
 */
export const documentsError = (status: 403 | 404): Outcome => ({status});

/** The answer of the operation's first success example, with `fill` laid over it. */
export function success(context: HandlerContext, fill: Json = {}, exampleKey?: string): Outcome {
  const example = context.contract.responseExample<Json>(context.entry, undefined, exampleKey) ?? {};
  return {status: context.contract.successStatus(context.entry), body: {...example, ...fill}};
}

/** A refusal as the calls with `result` and `error` give it; the status of a refusal is not stated, so it is the success status. */
export function refused(context: HandlerContext, error: string): Outcome {
  return {status: context.contract.successStatus(context.entry), body: {result: false, error}};
}

/**
 * A refusal on an agent call: `result: false` alone, since the agent answers' schemas carry no `error`
 * (what a refusal says there is the register's question). Reached only by its magic values.
 */
export const agentRefusal = (context: HandlerContext): Outcome => ({status: context.contract.successStatus(context.entry), body: {result: false}});

/** An agent write on a probill: its magic probill is refused before the handler runs. */
export const agentProbillWrite =
  (handler: Handler): Handler =>
  (context) =>
    Number(context.body.probillNumber) === magic.agentRefusedProbill ? agentRefusal(context) : handler(context);
