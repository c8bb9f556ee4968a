import MDXComponentsOriginal from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import TryIt from '@site/src/components/TryIt';
import PortalAssumption from '@site/src/components/PortalAssumption';
import PortalOriginCode from '@site/src/components/PortalOriginCode';
import RowAnchor from '@site/src/components/RowAnchor';

/**
 * Components available on every docs page without an import, because the contract's components
 * (src/remark/contract) expand to them at build time: Tabs and TabItem for <CodeSamples>, and the
 * button of <TryIt operation="…" />, which the build completes with the call's summary; and the
 * <PortalAssumption row="…" /> mark, which hand-written prose names by its row of the register and the
 * build completes with its question, as the renderers' marks; and <PortalOriginCode>,
 * the commands that download from this site (<SandboxCommands />); and <RowAnchor>, the anchor of a
 * row of the register that links point to.
 */
const MDXComponents = {...MDXComponentsOriginal, Tabs, TabItem, TryIt, PortalAssumption, PortalOriginCode, RowAnchor};

export default MDXComponents;
