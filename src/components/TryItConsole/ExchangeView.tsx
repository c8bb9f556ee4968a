/** The request as sent and the answer as received, of any size: its first part highlighted, the rest in parts, the whole body saved on request. */
import {useEffect, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import Link from '@docusaurus/Link';

import {highlightedBodyChars, readableSize, shownBodyBytes, type AnswerBody} from '../../tryIt/answerBody';
import {type Exchange} from '../../tryIt/send';
import {registerRoute} from '../../../contract/openQuestions/rows';
import {relianceHeader} from '../../../sandbox/engine/reliance';

import styles from './styles.module.css';

export default function ExchangeView({exchange, fileName}: {exchange?: Exchange; fileName: string}): ReactNode {
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
      <RelianceView headers={exchange.headers} />
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
 * The open questions the sandbox relied on for this answer (its `X-Sandbox-Assumptions` header), each
 * linked to its row of the register: what passing here still takes on trust.
 */
function RelianceView({headers}: {headers: [string, string][]}): ReactNode {
  const value = headers.find(([name]) => name.toLowerCase() === relianceHeader.toLowerCase())?.[1];
  const ids = value ? value.split(',').map((id) => id.trim()).filter(Boolean) : [];
  if (ids.length === 0) {
    return null;
  }
  return (
    <p className={styles.reliance}>
      Relied on {ids.length === 1 ? 'this open question' : `these ${ids.length} open questions`}:{' '}
      {ids.map((id, index) => (
        <span key={id}>
          {index > 0 ? ', ' : ''}
          <Link to={`${registerRoute}#${id}`}>
            <code>{id}</code>
          </Link>
        </span>
      ))}
    </p>
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
