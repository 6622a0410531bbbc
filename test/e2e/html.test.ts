import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/cli.js';
import { reference } from '../support/reference.js';

/** Debian's chromium package; .ci/run installs it. Never a downloaded browser. */
const CHROMIUM = '/usr/bin/chromium';
const KEY = 'psk_HtmlCanary5Rt7Yu9Io1Pa';

let browser: Browser;
beforeAll(async () => {
  if (existsSync(CHROMIUM)) {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }
});
afterAll(async () => browser?.close());

/** Opens a report page and collects whatever it logs as an error. */
async function open(dir: string): Promise<{ page: Page; errors: string[]; loadMs: number }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); void d.dismiss(); });
  const started = performance.now();
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
  return { page, errors, loadMs: Math.round(performance.now() - started) };
}

describe.skipIf(!existsSync(CHROMIUM))('report.html in headless Chromium', () => {
  it('shows the verdict, each failure open with its message, exchange and reproduction, and filters', async () => {
    const server = await reference({ apiKey: KEY, faults: ['error-status-always-400', 'auth-no-challenge', 'auth-key-case-insensitive'] });
    const dir = await tempDir();
    await runCli(['--target', server.url, '--max-writes', '1000', '--report-dir', dir], { PETSTORE_API_KEY: KEY });
    const { page, errors, loadMs } = await open(dir);
    console.log(`report.html rendered in ${loadMs} ms`);

    await expect(page.locator('h1 .verdict').textContent()).resolves.toBe('NON-CONFORMANT');
    const failed = page.locator('details.check[data-outcome="failed"]');
    expect(await failed.count()).toBeGreaterThan(3);
    const error2 = page.locator('article#ERROR-2 details.check[data-outcome="failed"]').first();
    expect(await error2.getAttribute('open')).not.toBeNull();
    await expect(error2.locator('.message').textContent()).resolves.toMatch(/Error\.status is 400 in a 401 response/);
    await expect(error2.locator('details.exchange[open] pre').nth(1).textContent()).resolves.toContain('"status": 400');
    const reproductions = await page.locator('.reproduce pre').allTextContents();
    // AUTH-2 fails on re-cased keys: its command rebuilds the altered key from the variable, never holds it.
    expect(reproductions.some((c) => c.includes('${PETSTORE_API_KEY') && c.startsWith('curl -i -X '))).toBe(true);
    expect(await page.content()).not.toContain(KEY.slice(4, 12));

    // Passed checks start hidden when something failed; the filters show and hide by outcome and level.
    const visiblePassed = () => page.locator('details.check[data-outcome="passed"]:visible').count();
    expect(await visiblePassed()).toBe(0);
    await page.locator('input[data-filter="outcome"][value="passed"]').check();
    expect(await visiblePassed()).toBeGreaterThan(100);
    await page.locator('input[data-filter="outcome"][value="failed"]').uncheck();
    expect(await page.locator('details.check[data-outcome="failed"]:visible').count()).toBe(0);
    await page.locator('input[data-filter="outcome"][value="failed"]').check();
    await page.locator('input[data-filter="level"][value="SHOULD"]').uncheck();
    expect(await page.locator('article#AUTH-6:visible').count()).toBe(0);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('nav.filters').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    const shot = join(dir, 'report-html.png');
    await page.locator('input[data-filter="level"][value="SHOULD"]').check();
    await error2.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot });
    console.log(`screenshot: ${shot}`);
    expect(errors).toEqual([]);
  });

  it('treats what a target sends as text: markup in its responses never runs', async () => {
    const payload = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><svg onload="alert(3)">';
    // It lists with the key (a target refusing the key everywhere is stopped at first contact, with no report)
    // and answers everything else with 401: markup in a list item, an Error and a header.
    const hostile: Server = createServer((request, response) => {
      if (request.method === 'GET' && request.headers.authorization === `Bearer ${KEY}`) {
        response.writeHead(200, { 'content-type': 'application/json', 'x-note': '<script>alert(4)</script>' });
        response.end(JSON.stringify([{ id: 1, name: payload }]));
        return;
      }
      response.writeHead(401, { 'content-type': 'application/json', 'x-note': '<script>alert(4)</script>' });
      response.end(JSON.stringify({ code: payload, message: payload, status: 401 }));
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    try {
      const dir = await tempDir();
      // The page holds the markup where these rules keep it: the Errors and the header in the 401s of AUTH-3's failed
      // checks and of AUTH-6's (an audit's), the list item in LIST-1's passed ones, and the Error's code in the INFO
      // rules' observations, which the page renders apart from messages. No rule's message quotes it.
      const rules = ['--only', 'AUTH-3', '--only', 'AUTH-6', '--only', 'LIST-1', '--only', 'INFO'];
      const run = await runCli(['--target', `http://127.0.0.1:${(hostile.address() as { port: number }).port}/v1`, ...rules, '--report-dir', dir], { PETSTORE_API_KEY: KEY });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      const { page, errors } = await open(dir);
      await page.locator('input[data-filter="outcome"][value="passed"]').check();
      await page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true");
      expect(await page.evaluate('window.__pwned')).toBeUndefined();
      expect(await page.locator('img, svg:not([aria-hidden])').count()).toBe(0);
      expect(await page.locator('pre', { hasText: '<script>window.__pwned = 1</script>' }).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await new Promise((resolve) => hostile.close(resolve));
    }
  });
});

if (!existsSync(CHROMIUM)) {
  const why = `the browser tests of report.html: ${CHROMIUM} is absent (install Debian's chromium package, as .ci/run does)`;
  console.warn(`skipped ${why}`);
  it.skip(why, () => {});
}
