import {useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import CodeBlock from '@theme/CodeBlock';

import type {Sandbox} from '../../../sandbox/engine/engine';
import type {OperationEntry} from '../../../sandbox/engine/contract';
import {localSandboxUrl} from '../../../sandbox/engine/localServer';
import {curlCommand} from '../../tryIt/curl';
import {exampleCredentials, initialDraft, outgoingRequest, parameterFields, tokenOperationId, tokenRequest, type Draft} from '../../tryIt/request';
import {highlightedBodyChars, readableSize, shownBodyBytes, type AnswerBody} from '../../tryIt/answerBody';
import {answerTimeoutMs, issuedToken, send, type Exchange} from '../../tryIt/send';
import {consoles} from '../../tryIt/consoles';
import {browserSandbox, session} from '../../tryIt/session';
import {baseUrlOf, baseUrlProblem, targetLabels, tokenKey, type Target} from '../../tryIt/targets';

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

function TargetChoice({target, customUrl, onCustomUrl, urlProblem, name}: {target: Target; customUrl: string; onCustomUrl: (value: string) => void; urlProblem?: string; name: string}): ReactNode {
  const kinds: Target['kind'][] = ['browser', 'local', 'custom'];
  const details: Record<Target['kind'], string> = {
    browser: 'runs in this page; nothing goes over the network',
    local: `${localSandboxUrl}, the downloaded sandbox started with node carrier-sandbox.mjs`,
    custom: 'a base URL you type',
  };
  return (
    <fieldset className={styles.group}>
      <legend>Send to</legend>
      {kinds.map((kind) => (
        <label key={kind} className={styles.choice}>
          <input
            type="radio"
            name={name}
            checked={target.kind === kind}
            onChange={() => session.setTarget(kind === 'custom' ? {kind, baseUrl: customUrl} : {kind})}
          />{' '}
          {targetLabels[kind]} <small>({details[kind]})</small>
        </label>
      ))}
      {target.kind === 'custom' && (
        <div className={styles.field}>
          <label htmlFor={`${name}-url`}>Base URL</label>
          <input
            id={`${name}-url`}
            type="url"
            value={customUrl}
            placeholder="https://api.carrier.example/testing"
            spellCheck={false}
            aria-invalid={urlProblem !== undefined}
            aria-describedby={urlProblem ? `${name}-url-problem` : undefined}
            onChange={(event) => onCustomUrl(event.target.value)}
          />
          {urlProblem && (
            <small id={`${name}-url-problem`} className={styles.problemText}>
              {urlProblem}
            </small>
          )}
        </div>
      )}
    </fieldset>
  );
}

// Credentials typed for another server stay in this page's memory only.
const credentialsByTarget = new Map<string, {id: string; pw: string}>();

function TokenField({sandbox, target, token, fieldId, urlProblem}: {sandbox: Sandbox; target: Target; token: string; fieldId: string; urlProblem?: string}): ReactNode {
  const {contract} = sandbox;
  const baseUrl = baseUrlOf(target);
  const [credentials, setCredentialsState] = useState(() => credentialsByTarget.get(baseUrl ?? '') ?? exampleCredentials(contract));
  const [status, setStatus] = useState('');
  const setCredentials = (next: {id: string; pw: string}) => {
    credentialsByTarget.set(baseUrl ?? '', next);
    setCredentialsState(next);
  };

  async function getToken() {
    setStatus('Asking for a token…');
    const result = await send(target, tokenRequest(contract, credentials), sandbox);
    if (result.kind === 'failure') {
      setStatus(result.problem);
      return;
    }
    const issued = issuedToken(result);
    if (issued) {
      session.setToken(target, issued);
      setStatus(`Token received (${result.status} ${result.statusText}).`);
    } else {
      setStatus(`No token: the server answered ${result.status} ${result.statusText}.`);
    }
  }

  return (
    <fieldset className={styles.group}>
      <legend>Authorization</legend>
      <div className={styles.field}>
        <label htmlFor={`${fieldId}-token`}>Bearer token</label>
        <input
          id={`${fieldId}-token`}
          type="text"
          className={styles.token}
          value={token}
          spellCheck={false}
          autoComplete="off"
          placeholder={target.kind === 'browser' ? 'Fetched from the in-browser sandbox on the first send' : 'Paste a token, or get one below'}
          onChange={(event) => session.setToken(target, event.target.value)}
        />
        <small>
          {target.kind === 'browser'
            ? 'The in-browser sandbox issues one with the contract’s example credentials when you first send. Edit it to try a wrong or expired token.'
            : `Sent only to ${baseUrl || 'this server'}; kept in this tab until it closes.`}
        </small>
      </div>
      {target.kind !== 'browser' && (
        <div className={styles.credentials}>
          <div className={styles.field}>
            <label htmlFor={`${fieldId}-account`}>Account id</label>
            <input id={`${fieldId}-account`} type="text" value={credentials.id} autoComplete="off" spellCheck={false} onChange={(event) => setCredentials({...credentials, id: event.target.value})} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${fieldId}-password`}>Password</label>
            <input id={`${fieldId}-password`} type="password" value={credentials.pw} autoComplete="off" onChange={(event) => setCredentials({...credentials, pw: event.target.value})} />
          </div>
          <button type="button" className="button button--sm button--secondary" onClick={getToken} disabled={urlProblem !== undefined}>
            Get a token
          </button>
          <p role="status" className={styles.notice}>
            {status}
          </p>
        </div>
      )}
    </fieldset>
  );
}

function ExchangeView({exchange, fileName}: {exchange?: Exchange; fileName: string}): ReactNode {
  if (!exchange) {
    return <p>No request sent yet.</p>;
  }
  if (exchange.kind === 'failure') {
    return <p className={styles.problemText}>{exchange.problem}</p>;
  }
  return (
    <>
      <p className={styles.status}>
        <strong data-status={exchange.status}>
          {exchange.status} {exchange.statusText}
        </strong>{' '}
        <span>in {exchange.durationMs < 1 ? 'under 1' : Math.round(exchange.durationMs)} ms</span>
      </p>
      <details>
        <summary>Headers ({exchange.headers.length})</summary>
        <dl className={styles.headers}>
          {exchange.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <BodyView body={exchange.body} fileName={`${fileName}-${exchange.status}`} />
    </>
  );
}

/**
 * A long text in parts of about `partChars`, cut after a line where one ends near the cut. Each part
 * is laid out only when it nears the screen (content-visibility in styles.module.css): a megabyte of
 * text laid out at once held the page for half a second to a second (measured in Chromium, 2026-11-28).
 */
const partChars = 4_000;

function textParts(text: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + partChars);
    const lineEnd = text.lastIndexOf('\n', end - 1);
    if (end < text.length && lineEnd > start + partChars / 2) {
      end = lineEnd + 1;
    }
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

/**
 * The answer's body: highlighted when short, plain text when long, and only its first
 * `shownBodyBytes` when longer still, with the whole body a click away as a file.
 */
function BodyView({body, fileName}: {body: AnswerBody; fileName: string}): ReactNode {
  const [fileUrl, setFileUrl] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(body.file);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [body.file]);
  if (body.bytes === 0) {
    return <p>No body.</p>;
  }
  const extension = body.json !== undefined || /json/.test(body.file.type) ? 'json' : 'txt';
  return (
    <>
      <p className={styles.bodyInfo}>
        <span>{body.cut ? `Body: ${readableSize(body.bytes)}, of which the first ${readableSize(shownBodyBytes)} is shown.` : `Body: ${readableSize(body.bytes)}.`}</span>{' '}
        <a className="button button--sm button--outline button--secondary" href={fileUrl} download={`${fileName}.${extension}`}>
          Save the body{body.cut ? ' to see all of it' : ''}
        </a>
      </p>
      {body.text.length <= highlightedBodyChars ? (
        <CodeBlock language="json">{body.text}</CodeBlock>
      ) : (
        // Focusable, as every scrolling box on the site is, so a keyboard can scroll it.
        <pre className={styles.plainBody} tabIndex={0} aria-label="Body">
          <code>
            {textParts(body.text).map((part, index) => (
              <span key={index} className={styles.bodyPart}>
                {part}
              </span>
            ))}
          </code>
        </pre>
      )}
    </>
  );
}
