import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../src/cli/options.js';
import { packageRoot } from '../src/core/package-info.js';
import { CONTRACT_DOCUMENT, RULES } from '../src/rules/catalogue.js';
import { loadSpec } from '../src/spec/load.js';

/** The repository's files: tracked, and new ones not ignored (so that a file is held to this before its commit). */
function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: packageRoot, encoding: 'utf8' });
  return out.split('\0').filter((f) => f !== '' && existsSync(join(packageRoot, f)));
}

/** Sections of the contract (`4.2`, `5`) and the rule numbers of each section's numbered list. */
function contractSections(text: string): Map<string, Set<number>> {
  const sections = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of text.split('\n')) {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\. /.exec(line) ?? /^### (\d+\.\d+) /.exec(line);
    if (heading?.[1]) {
      current = new Set();
      sections.set(heading[1], current);
    } else if (/^#/.test(line)) {
      current = undefined;
    } else {
      const item = /^(\d+)\. /.exec(line);
      if (item?.[1] && current) current.add(Number(item[1]));
    }
  }
  return sections;
}

/** Every "§N" / "§N.M rule K" / "§N rules K and L" a text cites from the contract, as [section, rule?]. */
function contractCitations(source: string): Array<[string, number | undefined]> {
  const cited: Array<[string, number | undefined]> = [];
  let contract = false;
  for (const part of source.split(/,\s*|;\s*/)) {
    if (/^contract\b/.test(part)) contract = true;
    else if (!part.startsWith('§')) contract = false; // RFC 6750 §3 and the like cite another document
    if (!contract) continue;
    for (const m of part.matchAll(/§(\d+(?:\.\d+)?)(?: rules? (\d+)(?: and (\d+))?)?/g)) {
      const [, section, first, second] = m;
      if (!first) cited.push([section ?? '', undefined]);
      for (const rule of [first, second]) if (rule) cited.push([section ?? '', Number(rule)]);
    }
  }
  return cited;
}

describe('a self-contained repository', () => {
  const files = repositoryFiles();
  const contract = readFileSync(join(packageRoot, CONTRACT_DOCUMENT), 'utf8');
  const sections = contractSections(contract);

  it('names no path outside it', () => {
    // Spelled in pieces so that this file does not name them itself.
    const outside = [['..', 'shared'].join('/'), ['', 'work', ''].join('/'), ['shared', 'contract'].join('/')];
    const offenders: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(packageRoot, file));
      if (bytes.includes(0)) continue; // binary
      const text = bytes.toString('utf8');
      for (const needle of outside) if (text.includes(needle)) offenders.push(`${file}: ${needle}`);
    }
    expect(offenders).toEqual([]);
  });

  it('links, in its Markdown, only to files it holds', () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(packageRoot, file), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const path = resolve(packageRoot, dirname(file), target.replace(/#.*$/, ''));
        const inside = !relative(packageRoot, path).startsWith('..');
        if (!inside || !existsSync(path)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('holds the contract, numbered §1 to §9, and ships it and the LICENSE in the package', async () => {
    expect([...sections.keys()].filter((s) => !s.includes('.'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const manifest = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as { files: string[]; license: string };
    expect(manifest.files.some((entry) => CONTRACT_DOCUMENT.startsWith(`${entry}/`))).toBe(true);
    expect(manifest.license).toBe('MIT');
    const license = await readFile(join(packageRoot, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 The petstore-conformance authors\n/);
  });

  it('cites, in the catalogue, README and docs/rules.md, only sections and rules the contract has', async () => {
    const texts: Array<[string, string]> = RULES.map((r) => [r.id, r.source]);
    for (const doc of ['README.md', 'docs/rules.md']) {
      const text = await readFile(join(packageRoot, doc), 'utf8');
      for (const [citation] of text.matchAll(/contract §[^|)\n]*/g)) texts.push([doc, citation]);
    }
    const unresolved: string[] = [];
    let count = 0;
    for (const [where, text] of texts) {
      for (const [section, rule] of contractCitations(text)) {
        count++;
        const rules = sections.get(section);
        if (!rules || (rule !== undefined && !rules.has(rule))) unresolved.push(`${where}: §${section}${rule === undefined ? '' : ` rule ${rule}`}`);
      }
    }
    expect(unresolved).toEqual([]);
    expect(count).toBeGreaterThan(RULES.length); // the parsing found the citations
  });
});

describe('spec/CONTRACT.md and spec/openapi.yaml', async () => {
  const contract = readFileSync(join(packageRoot, CONTRACT_DOCUMENT), 'utf8');
  const spec = await loadSpec();

  /** The lines of the section whose heading matches, up to the next heading. */
  function section(heading: RegExp): string[] {
    const lines = contract.split('\n');
    const start = lines.findIndex((l) => /^#/.test(l) && heading.test(l));
    expect(start, String(heading)).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((l, i) => i > start && /^#/.test(l));
    return lines.slice(start + 1, end === -1 ? undefined : end);
  }
  const row = (lines: string[], key: string) => lines.find((l) => l.startsWith(`| ${key} |`))?.split('|')[2]?.trim();

  it('describe the same operations: method, path, statuses, authentication', () => {
    for (const op of spec.model.operations.filter((o) => o.operationId)) {
      const lines = section(new RegExp(`\\(operationId \`${op.operationId}\`\\)`));
      expect(row(lines, 'Method')).toBe(op.method);
      expect(row(lines, 'Path')).toBe(op.path);
      const statuses = lines.map((l) => /^\| (\d{3}) \|/.exec(l)?.[1]).filter((s) => s !== undefined);
      expect(statuses, op.operationId).toEqual(op.documentedStatuses);
      expect(op.requiresBearer).toBe(true);
    }
    const others = spec.model.operations.filter((o) => !o.operationId);
    expect(others.map((o) => o.key)).toEqual(['GET /pets/{petId}']);
    expect(section(/^## 9\. /).join('\n')).toMatch(/`GET \/pets\/\{petId\}` is deprecated/);
    expect(others[0]?.deprecated).toBe(true);
    expect(section(/^## 5\. /).join('\n')).toContain('`Authorization: Bearer <API_KEY>`');
  });

  it('describe the same fields, types and required ones', () => {
    type Props = Record<string, { type?: string; format?: string }>;
    type Schema = { properties?: Props; required?: string[]; allOf?: Schema[] };
    const flat = (s: Schema): Schema => s.allOf
      ? { properties: Object.assign({}, ...s.allOf.map((p) => flat(p).properties)), required: s.allOf.flatMap((p) => flat(p).required ?? []) }
      : s;
    const fieldsOf = (name: string) => {
      const fields = new Map<string, string>();
      for (const l of section(new RegExp(`^### ${name}: `))) {
        const m = /^\| (\w+) \| ([^|]+) \| (yes|no) \|/.exec(l);
        if (m?.[1] && m[1] !== 'Field') fields.set(m[1], `${m[2]?.trim()} ${m[3]}`);
      }
      return fields;
    };
    const expected = (name: keyof typeof spec.model.schemas) => {
      const s = flat(spec.model.schemas[name] as Schema);
      return new Map(Object.entries(s.properties ?? {}).map(([field, p]) =>
        [field, `${p.type}${p.format ? `, format ${p.format}` : ''} ${s.required?.includes(field) ? 'yes' : 'no'}`]));
    };
    expect(fieldsOf('NewCategory')).toEqual(expected('NewCategory'));
    expect(fieldsOf('Error')).toEqual(expected('Error'));
    expect(new Map([...fieldsOf('NewCategory'), ...fieldsOf('Category')])).toEqual(expected('Category'));
    expect(Object.keys(spec.model.schemas).sort()).toEqual(['Category', 'Error', 'NewCategory']);
  });

  it('give the same version and addresses', () => {
    expect(section(/^## 9\. /).join('\n')).toContain(`version ${spec.model.version} of the interface`);
    const about = section(/^## 1\. /).join('\n');
    for (const server of spec.model.servers) {
      expect(server.url.endsWith('/v1')).toBe(true);
      expect(about).toContain(`\`${server.url}\``);
    }
  });
});

describe('docs/using.md', () => {
  it('gives the runs the default reports folder keeps as the code has them', async () => {
    const using = (await readFile(join(packageRoot, 'docs', 'using.md'), 'utf8')).replace(/\s+/g, ' ');
    expect(using).toContain(`the folder keeps the newest ${DEFAULTS.keepReports} runs (\`--keep-reports <n>\`; \`0\` keeps all)`);
  });
});
