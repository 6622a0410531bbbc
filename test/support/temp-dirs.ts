/**
 * A setup file of both projects (vitest.config.ts): vitest runs it before each test file, so that every file removes
 * the temporary directories it made once its tests are done, also in the unit project, whose files share workers
 * and the modules they import.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './cli.js';

afterAll(removeTempDirs);
