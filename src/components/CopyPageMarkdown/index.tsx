import React, {useState} from 'react';
import {useLocation} from '@docusaurus/router';

import styles from './styles.module.css';

/** `/docs/guides/pickups/` → `/docs/guides/pickups.md`: where the build writes the page's Markdown (src/plugins/llmsTxt). */
export function markdownPathOf(pathname: string): string {
  return `${pathname.replace(/\/+$/, '')}.md`;
}

type Status = {kind: 'idle'} | {kind: 'copied'} | {kind: 'failed'; reason: string};

/**
 * Copy page as Markdown, beside a docs page's title: puts the page's Markdown on the clipboard, for a
 * reader who pastes it into a coding assistant, and links to the same Markdown. The result is said in
 * a live region, so a screen reader hears it too; where the clipboard is refused, the link still works.
 */
export default function CopyPageMarkdown(): React.JSX.Element {
  const {pathname} = useLocation();
  const markdownPath = markdownPathOf(pathname);
  const [status, setStatus] = useState<Status>({kind: 'idle'});

  const copy = async () => {
    try {
      const response = await fetch(markdownPath);
      if (!response.ok) {
        throw new Error(`the Markdown answered ${response.status}`);
      }
      await navigator.clipboard.writeText(await response.text());
      setStatus({kind: 'copied'});
    } catch (error) {
      setStatus({kind: 'failed', reason: error instanceof Error ? error.message : String(error)});
    }
  };

  return (
    <div className={styles.copyPage} data-copy-page>
      <button type="button" className="button button--sm button--secondary" onClick={copy}>
        Copy page as Markdown
      </button>
      <a className={styles.link} href={markdownPath}>
        View as Markdown
      </a>
      <span className={styles.status} role="status">
        {status.kind === 'copied' ? 'Copied.' : status.kind === 'failed' ? `Not copied (${status.reason}): open View as Markdown instead.` : ''}
      </span>
    </div>
  );
}
