import MDXComponentsOriginal from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

/**
 * Tabs and TabItem available on every docs page without an import: the contract's <CodeSamples>
 * (src/remark/contract) expand to them at build time.
 */
const MDXComponents = {...MDXComponentsOriginal, Tabs, TabItem};

export default MDXComponents;
