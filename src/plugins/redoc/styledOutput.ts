/**
 * styled-components' server output, as `String(serverStyleSheet.instance)` prints it: CSS rules and,
 * after each component's rules, a marker rule naming the class names that component produced,
 * `data-styled.g12[id="sc-abc"]{content:"name1,name2,"}`, each part ended by the splitter below. In the
 * browser, styled-components reads the markers from `<style data-styled>` tags to learn which class
 * names are already styled (its "rehydration").
 */
export const styleSplitter = '/*!sc*/\n';

const markerPattern = /^data-styled\.g\d+\[id="[\w-]+"\]\{content:"[^"]*"\}$/;

export type StyledOutput = {rules: string[]; markers: string[]};

export function splitStyledOutput(output: string): StyledOutput {
  const parts = output
    .split(styleSplitter)
    .map((part) => part.trim())
    .filter(Boolean);
  const markers = parts.filter((part) => markerPattern.test(part));
  if (parts.length > 0 && markers.length === 0) {
    // A styled-components upgrade changed its format: without markers the browser would insert every
    // rule again (see ServerStyles). Stop the build rather than ship that silently.
    throw new Error('redoc plugin: no styled-components markers found in Redoc\'s server styles; update src/plugins/redoc/styledOutput.ts.');
  }
  return {rules: parts.filter((part) => !markerPattern.test(part)), markers};
}
