import React from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

import styles from './styles.module.css';

/**
 * The anchor of a table row that links point to, such as each row of the register of open questions
 * (`<OpenQuestionsRegister />`, src/remark/contract/renderers.ts). Docusaurus knows the anchors of
 * headings only; a bare `<span id>` worked in the browser, but the build reported every link to it as a
 * broken anchor, a warning writers would learn to ignore. It marks the top of its row, which a link
 * lands on (styles.module.css).
 */
export default function RowAnchor({id}: {id: string}): React.JSX.Element {
  useBrokenLinks().collectAnchor(id);
  return <span id={id} className={styles.rowAnchor} />;
}
