import React, {useEffect, useState} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

import styles from './styles.module.css';

/**
 * The anchor of a table row that links point to, such as each row of the register of open questions
 * (`<OpenQuestionsRegister />`, src/remark/contract/renderers/openQuestions.ts). Docusaurus knows the anchors of
 * headings only; a bare `<span id>` worked in the browser, but the build reported every link to it as a
 * broken anchor, a warning writers would learn to ignore. It marks the top of its row, which a link
 * lands on, and marks the row a link landed on (styles.module.css).
 */
export default function RowAnchor({id}: {id: string}): React.JSX.Element {
  useBrokenLinks().collectAnchor(id);
  // `:target` marks the row when the page is loaded with the anchor. A link followed within the site
  // changes the address by script, which `:target` does not follow: the router's address does. Set
  // after hydration, so the server's HTML and the first render agree.
  const {hash} = useLocation();
  const [landedOn, setLandedOn] = useState(false);
  useEffect(() => setLandedOn(hash === `#${id}`), [hash, id]);
  return <span id={id} className={clsx(styles.rowAnchor, landedOn && styles.landedOn)} />;
}
