/**
 * The go-live report: the register's open questions an integration relied on while it ran against
 * the sandbox, the list an integrator sends to the carrier before going live. Each answer names what
 * it relied on (sandbox/engine/reliance.ts); this tallies them, groups them by kind and then by call,
 * and links each to its row of the register. The questions asked across the API are named once.
 *
 * `--report <file>` writes it when the program ends (Ctrl-C, SIGTERM), as Markdown and as JSON beside it;
 * `GET /_sandbox/report` and `/_sandbox/report.json` give it on demand, and the MCP server's
 * `go_live_report` tool too.
 */
import type {SandboxResponse} from '../engine/engine';
import type {OpenQuestion} from '../../contract/openQuestions/rows';

/** A question asked across the API, as the register has it (contract/portalChoices.ts). */
export type ApiWideQuestion = {id: string; question: string; assumed?: string};

/** The kinds the report groups by, in its order; a question goes under the first of its aspects' kinds. */
const kinds: readonly {title: string; aspects: readonly string[]}[] = [
  {title: 'Required fields', aspects: ['required', 'presence']},
  {title: 'Types and forms', aspects: ['type', 'format', 'unit', 'timezone']},
  {title: 'Bounds and allowed values', aspects: ['bounds', 'values']},
  {title: 'Answer shapes and statuses', aspects: ['shape', 'status', 'message']},
  {title: 'State changes and behaviour', aspects: ['behaviour']},
  {title: 'Meanings', aspects: ['meaning', 'location']},
];

export const kindOf = (row: Pick<OpenQuestion, 'aspects'>): string =>
  (kinds.find((kind) => row.aspects.some((aspect) => kind.aspects.includes(aspect))) ?? kinds[kinds.length - 1]).title;

export type GoLiveReport = {
  contract: string;
  generatedAt: string;
  /** Answers counted: every answer of a call the requests reached. */
  answers: number;
  questions: {id: string; link: string; kind: string; question: string; aspects: string[]; assumed?: string; sandbox?: string; times: number; calls: Record<string, number>}[];
  acrossTheApi: (ApiWideQuestion & {link: string})[];
};

export type RelianceTally = {
  /** Counts one answer's reliance. */
  record(answer: Pick<SandboxResponse, 'call' | 'reliedOn'>): void;
  report(now?: Date): GoLiveReport;
  markdown(now?: Date): string;
};

export function relianceTally(options: {rows: ReadonlyMap<string, OpenQuestion>; apiWide: readonly ApiWideQuestion[]; registerUrl: string; contract: string}): RelianceTally {
  const byId = new Map<string, Map<string, number>>();
  let answers = 0;
  const link = (id: string) => `${options.registerUrl}#${id}`;

  const report = (now = new Date()): GoLiveReport => ({
    contract: options.contract,
    generatedAt: now.toISOString(),
    answers,
    questions: [...byId]
      .map(([id, calls]) => {
        const row = options.rows.get(id)!;
        return {
          id,
          link: link(id),
          kind: kindOf(row),
          question: row.question,
          aspects: [...row.aspects],
          ...(row.assumed ? {assumed: row.assumed} : {}),
          ...(row.sandbox ? {sandbox: row.sandbox} : {}),
          times: [...calls.values()].reduce((sum, count) => sum + count, 0),
          calls: Object.fromEntries(calls),
        };
      })
      .sort((a, b) => kinds.findIndex((kind) => kind.title === a.kind) - kinds.findIndex((kind) => kind.title === b.kind)),
    acrossTheApi: options.apiWide.map((question) => ({...question, link: link(question.id)})),
  });

  return {
    record(answer) {
      if (!answer.call) return;
      answers += 1;
      for (const id of answer.reliedOn) {
        if (!options.rows.has(id)) continue;
        const calls = byId.get(id) ?? new Map<string, number>();
        calls.set(answer.call, (calls.get(answer.call) ?? 0) + 1);
        byId.set(id, calls);
      }
    },
    report,
    markdown(now) {
      return goLiveMarkdown(report(now));
    },
  };
}

/** The report as Markdown: kind, then call, then each question with its link, its count and what the sandbox assumed. */
export function goLiveMarkdown(report: GoLiveReport): string {
  const lines = [
    '# Go-live report: the open questions this integration relied on',
    '',
    `Contract ${report.contract}, written ${report.generatedAt}. ${report.answers} answer(s) counted; ${report.questions.length} open question(s) relied on.`,
    '',
    "Where the carrier's specification is silent, the sandbox followed the portal's assumption. Passing against it does not settle these: ask the carrier about each before going live.",
  ];
  const titles = [...new Set(report.questions.map((question) => question.kind))];
  for (const title of titles) {
    lines.push('', `## ${title}`);
    const ofKind = report.questions.filter((question) => question.kind === title);
    const calls = [...new Set(ofKind.flatMap((question) => Object.keys(question.calls)))].sort();
    for (const call of calls) {
      lines.push('', `### ${call}`, '');
      for (const question of ofKind.filter((candidate) => candidate.calls[call])) {
        const assumed = question.assumed ? ` Portal assumption: ${question.assumed}.` : '';
        const sandbox = question.sandbox ? ` Sandbox: ${question.sandbox}.` : '';
        lines.push(`- [\`${question.id}\`](${question.link}): ${question.question}.${assumed}${sandbox} ${question.calls[call]} answer${question.calls[call] === 1 ? "" : "s"}.`);
      }
    }
  }
  if (report.questions.length === 0) {
    lines.push('', 'No answer relied on an open question of a call.');
  }
  lines.push('', '## Asked across the API', '', 'Every integration relies on these, whichever calls it makes:', '');
  for (const question of report.acrossTheApi) {
    lines.push(`- [\`${question.id}\`](${question.link}): ${question.question}.${question.assumed ? ` Portal assumption: ${question.assumed}.` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
