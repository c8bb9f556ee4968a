import React, {useEffect, useRef, useState} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {provider} from '@site/src/settings/provider';

type Props = {language: string; title?: string; code: string};

/**
 * A code block that names the portal's own address, such as a download command. The static HTML
 * keeps the provider's URL (src/settings/provider.ts) for readers without JavaScript; in the browser
 * the block takes the origin the page was loaded from, so the command as shown and as copied fetches
 * the files this very site serves, wherever it is served (a preview, a mirror, a laptop).
 *
 * The copy button copies the code it is given, so the block re-renders with the new text. Its lines
 * stay the ones the server highlighted (src/theme/CodeBlock/Content keeps them, so a page loads no
 * Prism): the URL is swapped in their text nodes, where the highlighter left it whole. Only if it
 * was split across tokens does the block mount again and highlight in the browser.
 */
export default function PortalOriginCode({language, title, code}: Props): React.JSX.Element {
  const [origin, setOrigin] = useState<string>();
  const [remount, setRemount] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => setOrigin(window.location.origin), []);
  const rewrite = origin !== undefined && origin !== provider.portalUrl;

  useEffect(() => {
    const lines = frame.current?.querySelector('code');
    if (!rewrite || !lines || !lines.textContent?.includes(provider.portalUrl)) {
      return;
    }
    const walker = document.createTreeWalker(lines, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue?.includes(provider.portalUrl)) {
        node.nodeValue = node.nodeValue.split(provider.portalUrl).join(origin);
      }
    }
    if (lines.textContent.includes(provider.portalUrl)) {
      setRemount(true);
    }
  }, [rewrite, origin]);

  return (
    <div ref={frame}>
      <CodeBlock key={remount ? 'highlighted-here' : 'server'} language={language} title={title}>
        {rewrite ? code.split(provider.portalUrl).join(origin) : code}
      </CodeBlock>
    </div>
  );
}
