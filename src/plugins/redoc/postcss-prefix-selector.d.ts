// postcss-prefix-selector 1.x (the version redocusaurus uses) ships no types; the part used here.
declare module 'postcss-prefix-selector' {
  import type {PluginCreator} from 'postcss';

  const prefixSelector: PluginCreator<{prefix: string}>;
  export default prefixSelector;
}
