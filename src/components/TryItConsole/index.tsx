import {useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import CodeBlock from '@theme/CodeBlock';

import type {Sandbox} from '../../../sandbox/engine/engine';
import type {OperationEntry} from '../../../sandbox/engine/contract';
import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {curlCommand} from '../../tryIt/curl';
import {exampleCredentials, initialDraft, outgoingRequest, parameterFields, tokenOperationId, tokenRequest, type Draft} from '../../tryIt/request';
import {answerTimeoutMs, issuedToken, send} from '../../tryIt/send';
import {consoles} from '../../tryIt/consoles';
import {browserSandbox, session} from '../../tryIt/session';
import {baseUrlOf, baseUrlProblem, tokenKey} from '../../tryIt/targets';

import ExchangeView from './ExchangeView';
import TargetChoice from './TargetChoice';
import TokenField from './TokenField';
import styles from './styles.module.css';

type Props = {
  id: string;
  operationId: string;
  summary: string;
  onClose: () => void;
};

/** The request console of one call (see ../TryIt), on the page's shared sandbox session. */
export default function TryItConsole({id, operationId, summary, onClose}: Props): ReactNode {
  const contractUrl = useBaseUrl('/openapi.json');
  const [sandbox, setSandbox] = useState<Sandbox>();
  const [loadProblem, setLoadProblem] = useState<string>();
  useEffect(() => {
    let current = true;
    browserSandbox(contractUrl).then(
      (loaded) => current && setSandbox(loaded),
      (error: Error) => current && setLoadProblem(error.message),
    );
    return () => {
      current = false;
    };
  }, [contractUrl]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <div id={id} role="group" aria-label={`Console: ${summary}`} className={styles.console} onKeyDown={closeOnEscape}>
      {loadProblem ? (
        <p role="alert">The API description could not be loaded ({loadProblem}); the console needs it to build the request.</p>
      ) : sandbox ? (
        <ConsoleForm sandbox={sandbox} entry={sandbox.contract.operation(operationId)} onClose={onClose} />
      ) : (
        <p role="status">Loading the API description…</p>
      )}
    </div>
  );
}

function ConsoleForm({sandbox, entry, onClose}: {sandbox: Sandbox; entry: OperationEntry; onClose: () => void}): ReactNode {
  const {contract} = sandbox;
  const operationId = entry.operation.operationId;
  const fieldId = useId();
  const {target, customUrl, tokens} = useSyncExternalStore(session.subscribe, session.snapshot, session.snapshot);
  const record = useSyncExternalStore(consoles.subscribe, () => consoles.record(operationId), () => consoles.record(operationId));
  const prefilled = useMemo(() => initialDraft(contract, entry), [contract, entry]);
  const draft = record.draft ?? prefilled;
  const {exchange, sending, notice} = record;
  // The request outlives this component when the console is closed while it is in flight.
  const setDraft = (next: Draft) => consoles.update(operationId, {draft: next});
  const setNotice = (next: string) => consoles.update(operationId, {notice: next});

  // Send stays focusable while a request is in flight (aria-disabled, not disabled: a disabled button
  // drops the keyboard user's focus to <body>). Cancel goes away when the request ends; if it had
  // focus, focus moves to Send first. The store calls this before React re-renders without Cancel.
  const sendButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(
    () =>
      consoles.subscribe(() => {
        if (!consoles.record(operationId).sending && cancelButton.current && document.activeElement === cancelButton.current) {
          sendButton.current?.focus();
        }
      }),
    [operationId],
  );

  const fields = useMemo(() => parameterFields(contract, entry), [contract, entry]);
  const needsToken = contract.requiresToken(entry);
  const token = tokens[tokenKey(target)] ?? '';
  const urlProblem = target.kind === 'custom' ? baseUrlProblem(target.baseUrl) : undefined;

  // What the contract says of the request as it stands, shown before it is sent.
  const problems = useMemo(() => {
    const {validator} = sandbox;
    const found: string[] = [];
    let body: unknown = {};
    if (draft.body !== undefined && draft.body.trim() !== '') {
      try {
        body = JSON.parse(draft.body);
      } catch (error) {
        return [`The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`];
      }
    }
    if (entry.operation.requestBody) {
      found.push(...validator.body(entry, body));
    }
    const sentQuery = Object.fromEntries(Object.entries(draft.query).filter(([, value]) => value !== ''));
    found.push(...validator.query(entry, sentQuery));
    return found;
  }, [sandbox, entry, draft]);

  const request = outgoingRequest(contract, entry, draft, needsToken ? token || '<token>' : undefined);
  const curl = curlCommand(baseUrlOf(target) ?? localSandboxUrl, request);

  async function sandboxToken(): Promise<string> {
    const issued = issuedToken(await send({kind: 'browser'}, tokenRequest(contract, exampleCredentials(contract)), sandbox));
    if (!issued) {
      throw new Error('the in-browser sandbox issued no token');
    }
    return issued;
  }

  async function sendRequest() {
    if (sending) {
      return;
    }
    if (urlProblem) {
      setNotice(urlProblem);
      return;
    }
    const stop = new AbortController();
    const overNetwork = target.kind !== 'browser';
    consoles.update(operationId, {
      sending: true,
      cancel: overNetwork ? () => stop.abort() : undefined,
      notice: overNetwork ? `Sending. Cancel stops waiting; the console gives up after ${answerTimeoutMs / 1000} s.` : '',
    });
    try {
      let bearer = token;
      if (needsToken && !bearer && target.kind === 'browser') {
        bearer = await sandboxToken();
        session.setToken(target, bearer);
      }
      const result = await send(target, outgoingRequest(contract, entry, draft, needsToken ? bearer : undefined), sandbox, {signal: stop.signal});
      consoles.update(operationId, {exchange: result, outcomes: consoles.record(operationId).outcomes + 1});
      // The token call's answer becomes the token of its target, as an integrator's client would keep it.
      const issued = issuedToken(result);
      if (operationId === tokenOperationId && issued) {
        session.setToken(target, issued);
      }
      setNotice(result.kind === 'answer' ? `Answered ${result.status} ${result.statusText} in ${Math.round(result.durationMs)} ms.` : 'No answer: see Response.');
    } catch (error) {
      setNotice(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      consoles.update(operationId, {sending: false, cancel: undefined});
    }
  }

  async function copyCurl() {
    try {
      await navigator.clipboard.writeText(curl);
      setNotice('Copied the request as a curl command.');
    } catch {
      setNotice('The browser did not allow copying: select the command under "Request as curl" and copy it.');
    }
  }

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.call}>
          <code>
            {entry.method.toUpperCase()} {entry.path}
          </code>
        </span>
        <button type="button" className="button button--sm button--link" aria-keyshortcuts="Escape" onClick={onClose}>
          Close
        </button>
      </div>

      <TargetChoice
        target={target}
        customUrl={customUrl}
        onCustomUrl={(value) => session.setTarget({kind: 'custom', baseUrl: value})}
        urlProblem={urlProblem}
        name={`${fieldId}-target`}
      />

      {needsToken && (
        // One field per target: credentials typed for one server are never shown to, or sent to, another.
        <TokenField key={tokenKey(target)} sandbox={sandbox} target={target} token={token} fieldId={fieldId} urlProblem={urlProblem} />
      )}

      {fields.length > 0 && (
        <fieldset className={styles.group}>
          <legend>Query parameters</legend>
          {fields.map((field) => {
            const inputId = `${fieldId}-query-${field.name}`;
            const value = draft.query[field.name] ?? '';
            const change = (next: string) => setDraft({...draft, query: {...draft.query, [field.name]: next}});
            return (
              <div key={field.name} className={styles.field}>
                <label htmlFor={inputId}>
                  <code>{field.name}</code> {field.required ? '(required)' : '(optional)'}
                </label>
                {field.choices ? (
                  <select id={inputId} value={value} onChange={(event) => change(event.target.value)}>
                    {!field.required && <option value="">(not sent)</option>}
                    {field.choices.map((choice) => (
                      <option key={choice}>{choice}</option>
                    ))}
                  </select>
                ) : (
                  <input id={inputId} type="text" value={value} spellCheck={false} autoComplete="off" onChange={(event) => change(event.target.value)} />
                )}
                {field.description && <small>{field.description}</small>}
              </div>
            );
          })}
        </fieldset>
      )}

      {draft.body !== undefined && (
        <div className={styles.field}>
          <label htmlFor={`${fieldId}-body`}>Request body</label>
          <textarea
            id={`${fieldId}-body`}
            className={styles.body}
            value={draft.body}
            spellCheck={false}
            autoComplete="off"
            rows={Math.min(18, Math.max(4, draft.body.split('\n').length))}
            aria-describedby={`${fieldId}-problems`}
            aria-invalid={problems.length > 0}
            onChange={(event) => setDraft({...draft, body: event.target.value})}
          />
        </div>
      )}

      <div id={`${fieldId}-problems`} className={problems.length > 0 ? styles.problems : styles.valid} aria-live="polite">
        {problems.length > 0 ? (
          <>
            <p>The contract would refuse this request ({problems.length === 1 ? 'one problem' : `${problems.length} problems`}); you can still send it:</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>The request follows the contract.</p>
        )}
      </div>

      <div className={styles.actions}>
        <button ref={sendButton} type="button" className={`button button--primary${sending ? ' disabled' : ''}`} onClick={sendRequest} aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
        {record.cancel && (
          <button ref={cancelButton} type="button" className="button button--outline button--danger" onClick={record.cancel}>
            Cancel
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={copyCurl}>
          Copy as curl
        </button>
        <button type="button" className="button button--outline button--secondary" onClick={() => { session.resetSandbox(); setNotice('The in-browser sandbox starts over: every account is back to its seeded records.'); }}>
          Reset sandbox
        </button>
      </div>
      <p role="status" className={styles.notice}>
        {notice}
      </p>

      <details className={styles.curl}>
        <summary>Request as curl</summary>
        {target.kind === 'browser' && <p>The in-browser sandbox has no address: this command calls the local sandbox (<code>node carrier-sandbox.mjs</code>, see the Test environment page), which answers the same way.</p>}
        <CodeBlock language="bash">{curl}</CodeBlock>
      </details>

      <section aria-label="Response" className={styles.response} data-outcomes={record.outcomes}>
        <h3 className={styles.responseTitle}>Response</h3>
        <ExchangeView exchange={exchange} fileName={`${operationId}-answer`} />
      </section>
    </>
  );
}
