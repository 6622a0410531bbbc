import type { RunReport } from '../results/run-report.js';
import { VERDICT_TEXT } from './verdict-text.js';

/** badge.svg: the verdict and how many checks passed, as a flat badge. */
export function renderBadge(report: RunReport): string {
  const label = 'petstore v1';
  const value = `${VERDICT_TEXT[report.verdict].label.toLowerCase()} ${report.summary.byOutcome.passed}/${report.summary.checks}`;
  const width = (text: string) => Math.round(text.length * 6.6 + 12);
  const left = width(label);
  const right = width(value);
  const total = left + right;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${label}: ${value}">`,
    `<title>${label}: ${value}</title>`,
    `<rect width="${left}" height="20" fill="#555"/>`,
    `<rect x="${left}" width="${right}" height="20" fill="${VERDICT_TEXT[report.verdict].colour}"/>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">',
    `<text x="${left / 2}" y="14">${label}</text>`,
    `<text x="${left + right / 2}" y="14">${value}</text>`,
    '</g></svg>',
    '',
  ].join('\n');
}
