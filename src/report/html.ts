import { createHash } from 'node:crypto';
import type { Exchange } from '../results/run-report.js';
import { titleOf, type CheckResult, type Counts, type JudgedResult, type RunReport } from '../results/run-report.js';
import { noticesOf } from '../results/notices.js';
import { counts, FAILURE_TEXT, levelMeaning, type FailureEffect } from '../results/verdict.js';
import { areaOf, CONTRACT_DOCUMENT, RULES, type Level, type Rule } from '../rules/catalogue.js';
import { prettyJson } from './pretty-json.js';
import { reproductionOf } from './reproduce.js';
import { runFigures, VERDICT_TEXT } from './verdict-text.js';

/** How much of a body the page shows; report.json keeps up to 64 KiB of each. */
const SHOWN_BODY = 20_000;

/** Exchanges a passing check shows: evidence, not the whole run (report.json has more). */
const SHOWN_WHEN_PASSED = 1;

/**
 * report.html: one self-contained page (no network, no external assets) that a person opens from a CI artifact.
 * The verdict and counts first; then rules grouped by level and area, each failed check open with its message,
 * exchanges, generated case and a reproduction command. It reads without JavaScript and prints; JavaScript only
 * adds the outcome and level filters. Everything from the target is escaped: a response is data, never markup.
 */
export function renderHtml(report: RunReport): string {
  const v = VERDICT_TEXT[report.verdict];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-${hash(STYLE)}'; script-src 'sha256-${hash(SCRIPT)}'">
<title>${esc(`${v.label}: ${report.target}`)} (petstore-conformance)</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1><span class="verdict v-${report.verdict}">${v.label}</span> Pet Store Service v1 conformance</h1>
  <dl class="facts">
    ${fact('Target', report.target)}
    ${report.implementation ? fact('Implementation', report.implementation) : ''}
    ${fact('Spec', `${report.specVersion} (sha256 ${report.specSha256.slice(0, 16)}…)`)}
    ${fact('Suite', `petstore-conformance ${report.suiteVersion}`)}
    ${fact('Seed', String(report.seed))}
    ${fact('Started', report.startedAt)}
    ${fact('Run', `${runFigures(report)}; ${report.created.length} categories created, ${report.writes.spent} writes${report.writes.budget === null ? '' : ` of ${report.writes.budget} allowed`}`)}
  </dl>
  ${countsTable(report)}
  ${notices(report)}
</header>
<nav class="filters" aria-label="Filters" hidden>
  <span>Show:</span>
  ${['failed', 'error', 'expected', 'skipped', 'passed'].map((o) => checkbox('outcome', o, o !== 'passed' || !report.results.some((r) => r.outcome !== 'passed'))).join('')}
  <span class="sep"></span>
  ${(['MUST', 'SHOULD', 'INFO'] as const).map((l) => checkbox('level', l, true)).join('')}
</nav>
<main>
${(['MUST', 'SHOULD', 'INFO'] as const).map((level) => levelSection(report, level)).join('\n')}
</main>
<footer>report.json beside this page holds every result and exchange, and report.har the same exchanges for browser developer tools. The API key appears nowhere in them, nor here.
A source "contract §N" is section N of the contract, ${CONTRACT_DOCUMENT} in petstore-conformance ${esc(report.suiteVersion)}.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function levelSection(report: RunReport, level: Level): string {
  const rules = RULES.filter((r) => r.level === level);
  const areas = [...new Set(rules.map((r) => areaOf(r.id)))];
  return `<section class="level" data-level="${level}">
<h2>${level} <small>${esc(levelMeaning(level, report.policy))}</small></h2>
${areas.map((area) => `<div class="area"><h3>${esc(area)}</h3>\n${rules.filter((r) => areaOf(r.id) === area).map((r) => ruleBlock(report, r)).join('\n')}</div>`).join('\n')}
</section>`;
}

function ruleBlock(report: RunReport, rule: Rule): string {
  const outcome = report.rules.find((r) => r.id === rule.id);
  const results = report.results.filter((r) => r.rule === rule.id);
  const state = outcome?.outcome ?? 'not run';
  const errors = outcome?.checks.error ? `, ${outcome.checks.error} the suite failed in` : '';
  const tally = outcome ? `${outcome.checks.passed} passed, ${outcome.checks.failed} failed, ${outcome.checks.skipped} skipped${errors}` : '';
  return `<article class="rule" id="${esc(rule.id)}" data-outcome="${esc(state)}" data-effect="${outcome?.effect ?? 'none'}">
<h4><span class="pill ${cls(state)}">${esc(state)}</span>${outcome && counts(outcome) ? effectPill(outcome.effect) : ''} <a href="#${esc(rule.id)}">${esc(rule.id)}</a> ${codeSpans(rule.requirement)}</h4>
<p class="meta">${esc(rule.source)}${tally ? ` · ${tally}` : ''}${outcome?.why ? ` · not applicable: ${esc(outcome.why)}` : ''}</p>
${results.map((r) => checkBlock(report, r)).join('\n')}
</article>`;
}

function checkBlock(report: RunReport, r: JudgedResult): string {
  const outcome = r.effect === 'expected' ? 'expected' : r.outcome;
  const open = counts(r) || r.effect === 'incomplete' ? ' open' : '';
  const shown = r.outcome === 'passed' ? r.exchanges.slice(0, SHOWN_WHEN_PASSED) : r.exchanges;
  const parts = [
    r.message ? `<p class="message">${esc(r.message)}</p>` : '',
    r.expected ? `<p class="expected">Expected to fail: ${esc(r.expected.reason)} (${esc(r.expected.entry)})</p>` : '',
    r.observation ? `<p class="observation">Observed: ${esc(r.observation)}</p>` : '',
    r.generated ? generatedBlock(r) : '',
    r.outcome === 'failed' ? reproduceBlock(report, r) : '',
    shown.length ? `<div class="exchanges">${shown.map((e) => exchangeBlock(e, e.id === r.failedExchange)).join('\n')}</div>` : '',
    r.exchangeCount > shown.length ? `<p class="meta">${shown.length} of ${r.exchangeCount} exchanges shown; report.json has up to 12.</p>` : '',
  ];
  return `<details class="check ${cls(outcome)}" data-outcome="${outcome}" data-effect="${r.effect}" data-level="${r.level}"${open}>
<summary><span class="pill ${cls(outcome)}">${outcome}</span>${counts(r) ? effectPill(r.effect) : ''} ${esc(r.check)} <span class="meta">${r.durationMs} ms${r.writes ? ` · ${r.writes} categor${r.writes === 1 ? 'y' : 'ies'} created` : ''}</span></summary>
<div class="body" data-title="${esc(titleOf(r))}">${parts.join('')}</div>
</details>`;
}

/** What a failure that counts does to the verdict, beside its outcome, which alone does not say. */
function effectPill(effect: FailureEffect): string {
  return ` <span class="pill e-${effect}">${FAILURE_TEXT[effect].label}</span>`;
}

/** The commands that run a failed check again, as the console gives them (the key comes from the environment). */
function reproduceBlock(report: RunReport, r: CheckResult): string {
  const { replay, curl } = reproductionOf(r, report);
  const commands: [string, string | undefined][] = [
    ['Run it again, from where the run was started:', replay],
    ['Its request (the key comes from <code>$PETSTORE_API_KEY</code>):', curl],
  ];
  const shown = commands.filter(([, command]) => command !== undefined).map(([label, command]) => `<p>${label}</p><pre><code>${esc(command as string)}</code></pre>`);
  return shown.length ? `<div class="reproduce">${shown.join('')}</div>` : '';
}

function generatedBlock(r: CheckResult): string {
  const g = r.generated;
  if (!g) return '';
  const rows = [
    ['Cases', String(g.numRuns)],
    ['Seed', String(g.seed)],
    ...(g.path ? [['Path', g.path]] : []),
    ...(g.counterexample ? [['Counterexample', g.counterexample]] : []),
    ...(g.numShrinks !== undefined ? [['Shrinks', `${g.numShrinks}${g.shrinkingCut ? ' (stopped at the write budget)' : ''}`]] : []),
  ];
  return `<dl class="generated">${rows.map(([k, v]) => `<dt>${esc(k ?? '')}</dt><dd><code>${esc(v ?? '')}</code></dd>`).join('')}</dl>`;
}

function exchangeBlock(e: Exchange, failing: boolean): string {
  const { request, response, transportError } = e;
  const outcome = response ? String(response.status) : `no response: ${transportError?.code ?? ''}`;
  const requestText = [
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([k, v]) => `${k}: ${v}`),
    ...(request.body !== undefined ? ['', body(request.body)] : []),
  ].join('\n');
  const responseText = response
    ? [`${response.status}`, ...Object.entries(response.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`),
      ...(response.body.length ? ['', body(response.body) + (response.bodyTruncated ? `\n… (${response.bodyBytes} bytes in all)` : '')] : [])].join('\n')
    : `${transportError?.code}: ${transportError?.message}`;
  return `<details class="exchange"${failing ? ' open' : ''}>
<summary>${esc(e.id)}: ${esc(request.method)} ${esc(new URL(request.url).pathname)} → ${esc(outcome)} <span class="meta">${e.durationMs} ms</span>${failing ? ' <strong>(shows the failure)</strong>' : ''}</summary>
<div class="pair"><div><h5>Request</h5><pre>${esc(requestText)}</pre></div><div><h5>Response</h5><pre>${esc(responseText)}</pre></div></div>
</details>`;
}

function body(text: string): string {
  const pretty = prettyJson(text);
  return pretty.length > SHOWN_BODY ? `${pretty.slice(0, SHOWN_BODY)}\n… (${pretty.length - SHOWN_BODY} more characters in report.json)` : pretty;
}

function countsTable(report: RunReport): string {
  const all = report.summary.byOutcome;
  // The column of the suite's own errors only where there are some: a run without them shows what it always did.
  const errors = all.error > 0;
  const row = (c: Counts) => `<td>${c.passed}</td><td>${c.failed}</td><td>${c.skipped}</td>${errors ? `<td>${c.error}</td>` : ''}`;
  const rows = (['MUST', 'SHOULD', 'INFO'] as const).map((level) => `<tr><th>${level}</th>${row(report.summary.byLevel[level])}</tr>`);
  return `<table class="counts"><thead><tr><th></th><th>passed</th><th>failed</th><th>skipped</th>${errors ? '<th>error</th>' : ''}</tr></thead>
<tbody>${rows.join('')}<tr class="total"><th>all</th>${row(all)}</tr></tbody></table>`;
}

function notices(report: RunReport): string {
  const items = noticesOf(report);
  return items.length ? `<ul class="notices">${items.map((n) => `<li class="${n.level}">${esc(n.text)}</li>`).join('')}</ul>` : '';
}

function fact(name: string, value: string): string {
  return `<div><dt>${esc(name)}</dt><dd>${esc(value)}</dd></div>`;
}

function checkbox(kind: string, value: string, checked: boolean): string {
  return `<label><input type="checkbox" data-filter="${kind}" value="${value}"${checked ? ' checked' : ''}> ${value}</label>`;
}

function cls(outcome: string): string {
  return `o-${outcome.replace(/\s+/g, '-')}`;
}

/** The CSP hash of an inline block: only the page's own style and script run, whatever a response holds. */
function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}

/** Escaped text in which `backticked` spans become code, as the catalogue writes them. */
function codeSpans(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Escapes text for HTML content and attribute values. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
:root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1d; --line: #d8d8d8; }
body { margin: 0 auto; max-width: 1180px; padding: 0 1.25rem 3rem; line-height: 1.45; }
h1 { font-size: 1.45rem; margin: 1.2rem 0 .6rem; }
h2 { font-size: 1.25rem; border-bottom: 2px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }
h2 small { font-weight: normal; color: #555; font-size: .85rem; margin-left: .5rem; }
h3 { font-size: 1rem; color: #444; margin: 1.2rem 0 .4rem; letter-spacing: .04em; }
h4 { font-size: .95rem; margin: .8rem 0 .1rem; font-weight: 600; }
h5 { margin: .2rem 0; font-size: .8rem; color: #555; }
a { color: inherit; }
.verdict { color: #fff; padding: .1rem .55rem; border-radius: .3rem; margin-right: .4rem; }
${Object.entries(VERDICT_TEXT).map(([verdict, text]) => `.v-${verdict} { background: ${text.colour}; }`).join(' ')}
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: .2rem 1.5rem; margin: 0 0 .8rem; }
.facts div { display: flex; gap: .5rem; } .facts dt { color: #555; min-width: 4.5rem; } .facts dd { margin: 0; overflow-wrap: anywhere; }
table.counts { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.counts th, table.counts td { border: 1px solid var(--line); padding: .15rem .7rem; text-align: right; }
table.counts tr.total { font-weight: 600; }
.notices { background: #fff8e1; border: 1px solid #f0d78c; padding: .5rem 1.5rem; border-radius: .3rem; }
.filters { position: sticky; top: 0; background: #fafafa; border-bottom: 1px solid var(--line); padding: .45rem .2rem; z-index: 1; display: flex; gap: .8rem; flex-wrap: wrap; align-items: center; }
.filters .sep { border-left: 1px solid var(--line); height: 1.2rem; }
.meta { color: #666; font-size: .82rem; margin: 0; }
.pill { display: inline-block; min-width: 4.2rem; text-align: center; border-radius: .8rem; font-size: .75rem; padding: 0 .4rem; color: #fff; background: #777; }
.o-passed { background: #2e7d32; } .o-failed { background: #c62828; } .o-skipped { background: #8d8d8d; } .o-error { background: #e65100; }
.o-expected { background: #6a4fa3; } .o-not-run { background: #b0b0b0; }
.e-breaks-verdict { background: ${VERDICT_TEXT['non-conformant'].colour}; } .e-warns { background: ${VERDICT_TEXT.partial.colour}; }
details.check { border: 1px solid var(--line); border-radius: .35rem; margin: .3rem 0; background: #fff; }
details.check > summary { cursor: pointer; padding: .3rem .5rem; list-style-position: inside; }
details.check[data-outcome="failed"] { border-color: #e3a1a1; }
details .body { padding: 0 .8rem .6rem; }
.message { color: #8e1b1b; white-space: pre-wrap; overflow-wrap: anywhere; }
.observation { color: #1f4e79; } .expected { color: #4a2f84; }
pre { background: #f6f6f6; border: 1px solid #e6e6e6; padding: .5rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8rem; margin: .2rem 0; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: .6rem; }
@media (max-width: 900px) { .pair { grid-template-columns: 1fr; } }
details.exchange { margin: .3rem 0; } details.exchange > summary { cursor: pointer; font-size: .85rem; }
dl.generated { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; font-size: .85rem; }
dl.generated dd { margin: 0; overflow-wrap: anywhere; }
footer { margin-top: 2rem; color: #666; font-size: .8rem; }
.hidden { display: none; }
@media print {
  .filters, footer { display: none; }
  body { max-width: none; padding: 0; font-size: 10pt; }
  details.check { break-inside: avoid; }
  .pair { grid-template-columns: 1fr; }
}
`;

// Filters, added only where JavaScript runs: the page is complete without them. Before printing, every failed
// check and its exchanges are opened.
const SCRIPT = `
(() => {
  const nav = document.querySelector('.filters');
  nav.hidden = false;
  const chosen = (kind) => new Set([...nav.querySelectorAll('input[data-filter="' + kind + '"]:checked')].map((i) => i.value));
  const apply = () => {
    const outcomes = chosen('outcome');
    const levels = chosen('level');
    for (const check of document.querySelectorAll('details.check')) {
      check.classList.toggle('hidden', !outcomes.has(check.dataset.outcome) || !levels.has(check.dataset.level));
    }
    for (const rule of document.querySelectorAll('article.rule')) {
      const shown = rule.querySelector('details.check:not(.hidden)');
      rule.classList.toggle('hidden', !shown && rule.dataset.outcome !== 'not run' && rule.dataset.outcome !== 'not applicable');
    }
    for (const area of document.querySelectorAll('div.area')) area.classList.toggle('hidden', !area.querySelector('article.rule:not(.hidden)'));
    for (const section of document.querySelectorAll('section.level')) section.classList.toggle('hidden', !levels.has(section.dataset.level));
  };
  nav.addEventListener('change', apply);
  apply();
  addEventListener('beforeprint', () => {
    for (const d of document.querySelectorAll('details.check[data-outcome="failed"], details.check[data-outcome="failed"] details')) d.open = true;
  });
})();
`;
