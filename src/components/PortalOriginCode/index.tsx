import React, {useEffect, useState} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {provider} from '@site/src/settings/provider';

type Props = {language: string; title?: string; code: string};

/**
 * A code block that names the portal's own address, such as a download command. The static HTML
 * keeps the provider's URL (src/settings/provider.ts) for readers without JavaScript; in the browser
 * the block takes the origin the page was loaded from, so the command as shown and as copied fetches
 * the files this very site serves, wherever it is served (a preview, a mirror, a laptop).
 *
 * The block mounts again under a new key when the origin differs: code blocks keep the lines the
 * server highlighted (src/theme/CodeBlock/Content), which would otherwise still show the old URL.
 */
export default function PortalOriginCode({language, title, code}: Props): React.JSX.Element {
  const [origin, setOrigin] = useState<string>();
  useEffect(() => setOrigin(window.location.origin), []);
  const rewrite = origin !== undefined && origin !== provider.portalUrl;
  return (
    <CodeBlock key={rewrite ? 'page-origin' : 'provider'} language={language} title={title}>
      {rewrite ? code.split(provider.portalUrl).join(origin) : code}
    </CodeBlock>
  );
}
