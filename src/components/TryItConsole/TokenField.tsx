/** The bearer token of a call: the sandbox's own, or one got from the chosen server with credentials kept for that server only. */
import {useState, type ReactNode} from 'react';

import type {Sandbox} from '../../../sandbox/engine/engine';
import {exampleCredentials, tokenRequest} from '../../tryIt/request';
import {issuedToken, send} from '../../tryIt/send';
import {session} from '../../tryIt/session';
import {baseUrlOf, type Target} from '../../tryIt/targets';

import styles from './styles.module.css';

// Credentials typed for another server stay in this page's memory only.
const credentialsByTarget = new Map<string, {id: string; pw: string}>();

export default function TokenField({sandbox, target, token, fieldId, urlProblem}: {sandbox: Sandbox; target: Target; token: string; fieldId: string; urlProblem?: string}): ReactNode {
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
