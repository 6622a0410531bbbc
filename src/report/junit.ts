import { titleOf, type JudgedResult, type RunReport } from '../results/run-report.js';
import { areaOf } from '../rules/catalogue.js';
import { exchangeText } from './exchange-text.js';
import { curlCommand } from './reproduce.js';

/**
 * junit.xml: one testcase per check, grouped by rule area, the rule and level as properties. Each check as its effect
 * says (results/verdict.ts): a failure that breaks the verdict is a failure; a warning goes to system-out, so that it
 * does not fail a CI job; an expected failure is skipped with its reason; a check the suite itself failed in is an
 * error. INFO observations go to system-out.
 */
export function renderJunit(report: RunReport): string {
  const areas = new Map<string, JudgedResult[]>();
  for (const result of report.results) {
    const area = areaOf(result.rule);
    areas.set(area, [...(areas.get(area) ?? []), result]);
  }
  const isSkipped = (r: JudgedResult) => r.outcome === 'skipped' || r.effect === 'expected';
  const count = (results: readonly JudgedResult[]) => ({
    tests: results.length,
    failures: results.filter((r) => r.effect === 'breaks-verdict').length,
    errors: results.filter((r) => r.effect === 'incomplete').length,
    skipped: results.filter(isSkipped).length,
    time: seconds(timeTaken(results)),
  });
  const all = count(report.results);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // The root takes only name, time, tests, failures and errors in the schema strict consumers (Jenkins) use.
    `<testsuites name="petstore-conformance" tests="${all.tests}" failures="${all.failures}" errors="${all.errors}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [area, results] of areas) {
    const c = count(results);
    out.push(`  <testsuite name="${attr(area)}" tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${c.time}" timestamp="${report.startedAt}">`);
    out.push(...runProperties(report));
    for (const result of results) out.push(...testcase(area, result));
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

/**
 * The time a group of checks took: the union of their intervals, since checks run at once (the AUTH area's summed
 * durations came to twice the whole run's). A check without its start counts alone.
 */
function timeTaken(results: readonly JudgedResult[]): number {
  const intervals = results.map((r) => [r.startedAt ?? -Infinity, r.durationMs] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = -Infinity;
  for (const [start, duration] of intervals) {
    if (start === -Infinity) total += duration;
    else {
      total += Math.max(0, start + duration - Math.max(start, reached));
      reached = Math.max(reached, start + duration);
    }
  }
  return total;
}

function runProperties(report: RunReport): string[] {
  const properties = { target: report.target, ...(report.implementation ? { implementation: report.implementation } : {}), seed: report.seed, verdict: report.verdict, specVersion: report.specVersion, specSha256: report.specSha256, suiteVersion: report.suiteVersion };
  return ['    <properties>', ...Object.entries(properties).map(([k, v]) => `      <property name="${k}" value="${attr(String(v))}"/>`), '    </properties>'];
}

function testcase(area: string, r: JudgedResult): string[] {
  const lines = [`    <testcase classname="${attr(area)}" name="${attr(titleOf(r))}" time="${seconds(r.durationMs)}">`];
  lines.push('      <properties>', `        <property name="rule" value="${attr(r.rule)}"/>`, `        <property name="level" value="${r.level}"/>`, '      </properties>');
  const shown = r.exchanges.find((e) => e.id === r.failedExchange) ?? r.exchanges[0];
  const reproduce = shown ? curlCommand(shown) : undefined;
  const detail = () => text([r.message ?? '', ...generatedLines(r), ...(reproduce ? [`Reproduce: ${reproduce}`] : []),
    ...r.exchanges.slice(0, 3).map(exchangeText)].filter(Boolean).join('\n\n'));
  if (r.effect === 'breaks-verdict') {
    lines.push(`      <failure type="${r.rule}" message="${attr(`${r.rule} (${r.level}) failed: ${r.message ?? ''}`)}">${detail()}</failure>`);
  } else if (r.effect === 'expected') {
    lines.push(`      <skipped message="${attr(`expected failure (${r.expected?.reason ?? ''}): ${r.message ?? ''}`)}"/>`);
  } else if (r.effect === 'warns') {
    lines.push(`      <system-out>${text(`WARNING: ${r.rule} (${r.level}) is not kept.\n`)}${detail()}</system-out>`);
  } else if (r.effect === 'incomplete') {
    // JUnit's own distinction: an error of the test's, not a failure of what it tests.
    lines.push(`      <error type="suite" message="${attr(`the suite failed in this check: ${r.message ?? ''}`)}"/>`);
  } else if (r.outcome === 'skipped') {
    lines.push(`      <skipped message="${attr(r.message ?? '')}"/>`);
  } else if (r.observation) {
    lines.push(`      <system-out>${text(`Observed: ${r.observation}`)}</system-out>`);
  }
  lines.push('    </testcase>');
  return lines;
}

function generatedLines(r: JudgedResult): string[] {
  const g = r.generated;
  return g?.counterexample ? [`Generated case: ${g.counterexample} (seed ${g.seed}, path ${g.path})`] : [];
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** XML 1.0 forbids most control characters even escaped: write them as visible \uXXXX. */
function xmlSafe(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function text(s: string): string {
  return xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(s: string): string {
  return text(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}
