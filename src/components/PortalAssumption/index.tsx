import React, {useEffect, useId, useRef, useState} from 'react';
import Link from '@docusaurus/Link';

import {markLinkSuffix, markName} from '../../../contract/openQuestions/markWords';
import styles from './styles.module.css';

type Props = {
  /** "Portal assumption" where the fact shown is this portal's; "Open" where the carrier leaves it open and nothing is assumed. */
  label?: 'Portal assumption' | 'Open';
  /** What the mark bends, as /api/'s marker names it: "type", "limits". */
  aspects?: string;
  /** The open question, as its row of the register asks it. */
  question?: string;
  assumed?: string;
  /** What the sandbox does, where it differs from the assumption. */
  sandbox?: string;
  /** Its row of the register. */
  href?: string;
  /**
   * Set where it follows another "Portal assumption" mark with only a space between (src/remark/contract,
   * `joinAdjacentMarks`): it shows "+" after that one instead of the label a second time, and keeps
   * its own name, after that "+", for a screen reader.
   */
  continues?: boolean;
};

/**
 * The one visual marker of what this portal assumes where the carrier is silent. The contract's
 * renderers (src/remark/contract/renderers/shared.ts, `assumptionTag`) emit the same element, so a reader
 * sees the same words and the same outline in the guides, in hand-written prose and on /api/.
 *
 * Given its question (the field lists put it on the exact fact it bends: a type, a limit, a pattern), it
 * is a link to the question's row of the register that opens the question in place first: on hover,
 * on focus, and on a tap or a click, which pins it open until Escape, a second press or a press
 * elsewhere. Without JavaScript it is the link. The question's words stay out of the page until it is
 * opened, so a page says each one once, in its Open questions block.
 */
export default function PortalAssumption({label = 'Portal assumption', aspects, question, assumed, sandbox, href, continues = false}: Props): React.JSX.Element {
  const noteId = useId();
  const [open, setOpen] = useState<'no' | 'shown' | 'pinned'>('no');
  const wrapper = useRef<HTMLSpanElement>(null);
  const note = useRef<HTMLSpanElement>(null);
  // A mark near the column's right edge (a phone's) would open its note past the screen: it moves left.
  const [shift, setShift] = useState(0);
  useEffect(() => {
    const rect = open === 'no' ? undefined : note.current?.getBoundingClientRect();
    setShift(rect ? Math.min(0, document.documentElement.clientWidth - 8 - rect.right) : 0);
  }, [open]);
  useEffect(() => {
    if (open !== 'pinned') return undefined;
    const pressElsewhere = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen('no');
    };
    document.addEventListener('pointerdown', pressElsewhere);
    return () => document.removeEventListener('pointerdown', pressElsewhere);
  }, [open]);
  if (!href || !question) {
    return <span className="portal-assumption">{label}</span>;
  }
  const show = () => setOpen((state) => (state === 'pinned' ? state : 'shown'));
  const hide = () => setOpen((state) => (state === 'pinned' ? state : 'no'));
  return (
    <span
      ref={wrapper}
      className={styles.mark}
      onMouseEnter={show}
      onMouseLeave={hide}
      onBlur={(event) => {
        // Focus moving into the note (its link) keeps it open.
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen('no');
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open !== 'no') {
          event.stopPropagation();
          setOpen('no');
        }
      }}>
      <Link
        className="portal-assumption"
        to={href}
        // The visible "+" starts its name too (WCAG 2.5.3, label in name): "plus Portal assumption: unit".
        aria-label={`${continues ? '+ ' : ''}${markName(label, aspects)}${markLinkSuffix}`}
        aria-describedby={open === 'no' ? undefined : noteId}
        aria-expanded={open !== 'no'}
        data-continues={continues || undefined}
        onFocus={show}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          // The first press opens the question here; the note's own link goes to the register.
          event.preventDefault();
          setOpen((state) => (state === 'pinned' ? 'no' : 'pinned'));
        }}>
        {continues ? '+' : label}
      </Link>
      {open !== 'no' && (
        <span ref={note} role="tooltip" id={noteId} className={styles.note} style={shift ? {left: shift} : undefined}>
          <span className={styles.line}>
            <strong>Open:</strong> {question}
          </span>
          {assumed && (
            <span className={styles.line}>
              <strong>Assumed:</strong> {assumed}
            </span>
          )}
          {sandbox && (
            <span className={styles.line}>
              <strong>Sandbox:</strong> {sandbox}
            </span>
          )}
          <Link className={styles.line} to={href}>
            In the register of open questions
          </Link>
        </span>
      )}
    </span>
  );
}
