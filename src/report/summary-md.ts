import { titleOf, type JudgedResult, type RunReport } from '../results/run-report.js';
import { noticesOf } from '../results/notices.js';
import { counts, FAILURE_TEXT } from '../results/verdict.js';
import { reproductionOf } from './reproduce.js';
import { runFigures, VERDICT_TEXT } from './verdict-text.js';

/** How many failures summary.md lists; report.html has them all. */
const LISTED = 20;

/** summary.md: a short Markdown summary for $GITHUB_STEP_SUMMARY and pull-request comments. */
export function renderSummaryMarkdown(report: RunReport): string {
  const v = VERDICT_TEXT[report.verdict];
  const lines = [
    `## ${v.mark} Pet Store Service v1 conformance: ${v.label}`,
    '',
    `\`${report.target}\`${report.implementation ? ` · ${cell(report.implementation)}` : ''} · spec ${report.specVersion} · petstore-conformance ${report.suiteVersion} · seed ${report.seed} · ${runFigures(report)}`,
    '',
    '| level | passed | failed | skipped |',
    '|---|---:|---:|---:|',
    ...(['MUST', 'SHOULD', 'INFO'] as const).map((level) => {
      const c = report.summary.byLevel[level];
      return `| ${level} | ${c.passed} | ${c.failed} | ${c.skipped} |`;
    }),
  ];
  const errors = report.summary.byOutcome.error;
  if (errors) lines.push('', `The suite itself failed in ${errors} check${errors === 1 ? '' : 's'}: not judged, and the run is incomplete.`);
  const failures = report.results.filter(counts);
  if (failures.length) {
    lines.push('', `### Failures (${failures.length})`, '', '| rule | level | effect | check | why |', '|---|---|---|---|---|');
    for (const r of failures.slice(0, LISTED)) lines.push(`| ${r.rule} | ${r.level} | ${FAILURE_TEXT[r.effect].label} | ${cell(r.check)} | ${exactCell(r.message ?? '')} |`);
    if (failures.length > LISTED) lines.push('', `… and ${failures.length - LISTED} more in report.html and report.json.`);
  }
  lines.push(...reproductions(report));
  const notices = noticesOf(report);
  if (notices.length) lines.push('', ...notices.map((n) => `> ${n.level === 'warning' ? '⚠️ ' : ''}${cell(n.text)}`));
  const expected = report.results.filter((r) => r.expected);
  if (expected.length) {
    lines.push('', `### Expected failures (${expected.length})`, '');
    for (const r of expected) lines.push(`- ${cell(titleOf(r))}: ${cell(r.expected?.reason ?? '')}`);
  }
  if (report.baseline) {
    const b = report.baseline;
    lines.push('', `### Compared with the baseline of ${b.startedAt}`, '');
    for (const t of b.newFailures.slice(0, LISTED)) lines.push(`- new: ${cell(t)}`);
    for (const t of b.fixed.slice(0, LISTED)) lines.push(`- fixed: ${cell(t)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What runs each failed check again (every one, also those past the table's first few), folded away: the replay
 * command and, for an example, the curl of its request, as the console and report.html give them.
 */
function reproductions(report: RunReport): string[] {
  const blocks = report.results.filter((r) => r.outcome === 'failed').flatMap((r) => {
    const { replay, curl } = reproductionOf(r, report);
    const commands = [replay, curl].filter((c) => c !== undefined);
    if (commands.length === 0) return [];
    const fence = '`'.repeat(Math.max(3, ...commands.flatMap((c) => [...c.matchAll(/`+/g)].map((m) => m[0].length + 1))));
    return ['', `**${cell(titleOf(r))}**`, '', `${fence}sh`, ...commands, fence];
  });
  if (blocks.length === 0) return [];
  return ['', '<details><summary>Run the failed checks again (the key comes from <code>$PETSTORE_API_KEY</code>)</summary>', ...blocks, '', '</details>'];
}

/** Text for a table cell: one line, no unescaped pipes, not too long. */
function cell(text: string): string {
  const one = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').replace(/</g, '&lt;');
  return one.length > 300 ? `${one.slice(0, 297)}…` : one;
}

/**
 * Text for a table cell, every character as it is: in a code span, which keeps runs of spaces (a failure may be about
 * `"  Rabbit  "` against `" Rabbit "`), with what a table needs escaped and line breaks shown as ⏎.
 */
function exactCell(text: string): string {
  if (text === '') return '';
  const line = (text.length > 300 ? `${text.slice(0, 297)}…` : text).replace(/\r?\n/g, '⏎').replace(/\|/g, '\\|');
  // A fence longer than any run of backticks inside; a space inside each end when the text starts or ends with a
  // backtick or a space (Markdown takes one such space off each end).
  const fence = '`'.repeat(Math.max(0, ...[...line.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = /^[ `]|[ `]$/.test(line) ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * GitHub Actions annotations for failed rules: an error for each rule whose failures break the verdict, a warning for
 * each other, with how many checks failed and the first one's message.
 */
export function githubAnnotations(report: RunReport): string[] {
  const byRule = new Map<string, JudgedResult[]>();
  for (const r of report.results.filter(counts)) byRule.set(r.rule, [...(byRule.get(r.rule) ?? []), r]);
  return [...byRule].map(([rule, failed]) => {
    const first = failed[0] as JudgedResult;
    const error = failed.some((r) => r.effect === 'breaks-verdict');
    const text = `${failed.length} check${failed.length > 1 ? 's' : ''} failed, e.g. ${first.check}: ${first.message ?? ''}`;
    return `::${error ? 'error' : 'warning'} title=${escapeProperty(`${rule} (${first.level})`)}::${escapeData(text)}`;
  });
}

// Workflow-command encoding: https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
