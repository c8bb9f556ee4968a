import {useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {
  useScrollPositionBlocker,
  useTabsContextValue,
  useTabs,
  sanitizeTabsChildren,
  TabsProvider,
} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/Tabs';

import styles from './styles.module.css';

/**
 * The classic theme's Tabs, ejected to drop one line: the stock component remounts every tab group
 * right after hydration (`key={String(isBrowser)}`, a workaround the theme marks temporary, from when
 * the selected tab was read from storage during the first render). Remounting threw away the
 * hydrated panels and rendered them again from scratch, code samples included: on the pickups guide
 * that was 2,000 elements built twice during page load, measured. The selected tab is now synced
 * after hydration by `useTabsContextValue` (a layout effect), so a remembered or linked choice still
 * shows without a flash, and the panels hydrate once.
 */
function TabList({className}: {className?: string}): ReactNode {
  const {selectedValue, selectValue, tabValues, block} = useTabs();
  const tabRefs: (HTMLLIElement | null)[] = [];
  const {blockElementScrollPositionUntilNextRender} = useScrollPositionBlocker();

  const handleTabChange = (event: MouseEvent<HTMLLIElement> | KeyboardEvent<HTMLLIElement>) => {
    const newTab = event.currentTarget;
    const newTabValue = tabValues[tabRefs.indexOf(newTab)]!.value;
    if (newTabValue !== selectedValue) {
      blockElementScrollPositionUntilNextRender(newTab);
      selectValue(newTabValue);
    }
  };

  const handleKeydown = (event: KeyboardEvent<HTMLLIElement>) => {
    let focusElement: HTMLLIElement | null = null;
    switch (event.key) {
      case 'Enter':
        handleTabChange(event);
        break;
      case 'ArrowRight': {
        const nextTab = tabRefs.indexOf(event.currentTarget) + 1;
        focusElement = tabRefs[nextTab] ?? tabRefs[0]!;
        break;
      }
      case 'ArrowLeft': {
        const prevTab = tabRefs.indexOf(event.currentTarget) - 1;
        focusElement = tabRefs[prevTab] ?? tabRefs[tabRefs.length - 1]!;
        break;
      }
      default:
        break;
    }
    focusElement?.focus();
  };

  return (
    <ul role="tablist" aria-orientation="horizontal" className={clsx('tabs', {'tabs--block': block}, className)}>
      {tabValues.map(({value, label, attributes}) => (
        <li
          role="tab"
          tabIndex={selectedValue === value ? 0 : -1}
          aria-selected={selectedValue === value}
          key={value}
          ref={(tab) => {
            tabRefs.push(tab);
          }}
          onKeyDown={handleKeydown}
          onClick={handleTabChange}
          {...attributes}
          className={clsx('tabs__item', styles.tabItem, attributes?.className as string, {
            'tabs__item--active': selectedValue === value,
          })}>
          {label ?? value}
        </li>
      ))}
    </ul>
  );
}

/**
 * Until the reader acts on the page (a key, a click, a wheel, a touch), a change of tab is the page
 * restoring the reader's language after hydration, not the reader's choice.
 */
let readerHasActed = false;
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart']) {
    window.addEventListener(type, () => (readerHasActed = true), {capture: true, once: true, passive: true});
  }
}

/**
 * The server renders each group on its first tab; after hydration, the tab the reader chose
 * (remembered, or `?lang=` in the link) replaces it. Samples above a linked section (`#track-a-pickup`)
 * then change height after the browser has scrolled to it, and the section slid down the screen
 * (663 px, with Python chosen on the pickups guide). That change, made before the reader acts, brings
 * the linked section back under the navbar; a tab the reader picks moves nothing (useScrollPositionBlocker).
 */
function useLinkedSectionKeptInPlace(selectedValue: string | null | undefined): void {
  const firstValue = useRef(selectedValue);
  useLayoutEffect(() => {
    if (readerHasActed || selectedValue === firstValue.current) {
      return;
    }
    // The element the browser took the address's fragment to name, decoded as it decodes it.
    document.querySelector(':target')?.scrollIntoView();
  }, [selectedValue]);
}

export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  useLinkedSectionKeptInPlace(value.selectedValue);
  return (
    <TabsProvider value={value}>
      {/* `tabs-container` is the class's former name, which the theme keeps for custom CSS. */}
      <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.tabList)}>
        {/* As in the stock theme, `className` goes to the tab list, not to the container. */}
        <TabList className={props.className} />
        <div className="margin-top--md">{sanitizeTabsChildren(props.children)}</div>
      </div>
    </TabsProvider>
  );
}
