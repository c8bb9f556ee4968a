/**
 * What each console holds, per operation, kept while the page lives and outside the console's
 * component: closing a console and opening it again (or moving between pages of the site) finds the
 * request, the last answer and the last notice as they were left. A request still in flight when its
 * console closes reports to this store, so the reopened console shows its answer when it comes and
 * keeps "Send request" unavailable until then: a real server never gets a second call by accident.
 * The request's Cancel lives here too, so the reopened console can still end it.
 */
import type {Draft} from './request';
import type {Exchange} from './send';

export type ConsoleRecord = {
  /** The request as edited; undefined until the user changes the prefilled one. */
  draft?: Draft;
  exchange?: Exchange;
  /** How many outcomes (answers or failures) this console has shown: two that read the same are two. */
  outcomes: number;
  sending: boolean;
  /** Ends the request in flight (present while `sending`, for a request that can be ended). */
  cancel?: () => void;
  /** The last line announced to screen readers ("Answered 201 Created in 15 ms."). */
  notice: string;
};

const untouched: ConsoleRecord = {outcomes: 0, sending: false, notice: ''};
const records = new Map<string, ConsoleRecord>();
const listeners = new Set<() => void>();

export const consoles = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A new object on every change of that operation's console, as useSyncExternalStore expects. */
  record(operationId: string): ConsoleRecord {
    return records.get(operationId) ?? untouched;
  },
  update(operationId: string, change: Partial<ConsoleRecord>): void {
    records.set(operationId, {...consoles.record(operationId), ...change});
    listeners.forEach((listener) => listener());
  },
};
