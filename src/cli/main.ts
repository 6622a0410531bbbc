#!/usr/bin/env node
/**
 * The `petstore-conformance` command. Parses the command line, runs the command, and maps every outcome to an
 * exit code (EXIT in results/verdict.ts); a run not carried out says why in one line on stderr.
 */
import { ConformanceError } from '../core/errors.js';
import { suiteVersion } from '../core/package-info.js';
import { Redactor } from '../core/secrets.js';
import { setRunFlags } from '../core/v8-flags.js';
import { enableCompileCache } from './compile-cache.js';
import { Output } from './console/output.js';
import { helpText, helpTopic } from './help.js';
import { API_KEY_ENV, parseCommand } from './options.js';

import { EXIT } from '../results/verdict.js';

async function main(argv: readonly string[], out: Output): Promise<number> {
  // Before vitest loads and starts the suites' worker: see v8-flags.ts.
  setRunFlags();
  // Before the commands' modules load: they are most of what a run compiles.
  enableCompileCache();
  // Before anything is parsed: a key pasted into an argument must not come back in the usage error about it.
  const key = process.env[API_KEY_ENV];
  if (key) out.protect(new Redactor([key]));
  try {
    const command = parseCommand(argv);
    switch (command.kind) {
      case 'help':
        out.line(command.topic === undefined ? helpText(suiteVersion) : helpTopic(command.topic));
        return EXIT.ok;
      case 'version':
        out.line(suiteVersion);
        return EXIT.ok;
      case 'rules':
        await (await import('./commands/rules.js')).printRules(out, command, process.env);
        return EXIT.ok;
      case 'faults':
        (await import('./commands/faults.js')).printFaults(out, command.json);
        return EXIT.ok;
      // The runner (vitest, undici, swagger-parser) loads only for the commands that run suites.
      case 'run':
        return await (await import('./commands/run.js')).runCommand(command.config, out, process.env);
      case 'selftest':
        return await (await import('./commands/selftest.js')).selftestCommand(command.config, out);
      case 'verify':
        return await (await import('./commands/verify.js')).verifyCommand(command.dir, command.integrityOnly, out);
      case 'merge':
        return await (await import('./commands/merge.js')).mergeCommand(command.dirs, command.reportDir, command.keepReports, command.strict, out, process.env);
    }
  } catch (error) {
    if (error instanceof ConformanceError) {
      out.error(`petstore-conformance: ${error.message}`);
    } else {
      out.error(`petstore-conformance: unexpected error: ${(error as Error).message ?? String(error)}; this is a bug, please report it`);
    }
    return EXIT.notCarriedOut;
  }
}

const out = new Output(process.stdout, process.stderr, process.env);
process.exitCode = await main(process.argv.slice(2), out);
out.sayIfStdoutLost('what it would have shown is lost');
