/**
 * Headers other than Authorization that gateways and legacy clients carry a key in. The AUTH checks send the valid key
 * in each, to see that the target does not take it there (generators/credentials.ts); so `--header` may not set them
 * (cli/options.ts). Here, not beside the generators, so that the command line reads it without loading fast-check.
 */
export const OTHER_HEADERS: readonly string[] = ['X-API-Key', 'Api-Key', 'X-Auth-Token', 'X-Access-Token', 'Token', 'Proxy-Authorization'];
