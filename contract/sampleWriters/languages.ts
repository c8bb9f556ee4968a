/**
 * The languages this portal writes samples in, as tabs show them: the value a link names one by
 * (`?lang=csharp`, /api/'s file of its samples) and its label. Browser code (/api/) reads this list
 * without the writers.
 */
export const writtenLanguageTabs = [
  {lang: 'java', label: 'Java'},
  {lang: 'csharp', label: 'C#'},
  {lang: 'go', label: 'Go'},
  {lang: 'php', label: 'PHP'},
  {lang: 'ruby', label: 'Ruby'},
] as const;
