/**
 * The environment variable that holds the target's API key: the only place the key is read from besides
 * --api-key-file, and the name reproduction commands rebuild it from. Never a command-line value.
 */
export const API_KEY_ENV = 'PETSTORE_API_KEY';
