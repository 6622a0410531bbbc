/**
 * A setup file of the end-to-end project (vitest.config.ts): vitest runs it before each test file, so that the servers
 * a test started with reference(), hostileServer(), startProxy() or listen() are closed after it, in every file, also where files share a
 * worker and the modules they import.
 */
import { afterEach } from 'vitest';
import { closeHostileServers } from './hostile.js';
import { closeLocalServers } from './local-servers.js';
import { closeProxies } from './proxy.js';
import { closeReferenceServers } from './reference.js';

afterEach(async () => {
  await Promise.all([closeReferenceServers(), closeHostileServers(), closeProxies(), closeLocalServers()]);
});
