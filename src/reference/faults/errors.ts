import { refuse } from '../behaviour.js';
import { fault } from './fault.js';

/** Bugs in Error bodies. */
export const errorFaults = [
  fault('unsupported-media-type-not-error', 'ERROR-1',
    'Bodies that are not application/json get the framework\'s own 415, {"error": "..."}, not an Error.',
    (base) => ({
      parse: (raw, contentType) => (contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType)
        ? base.parse(raw, contentType)
        : refuse('unsupported_media_type', 'Unsupported Media Type', 415)),
      errorBody: (status, code, message) => (status === 415 ? { error: message } : base.errorBody(status, code, message)),
    })),
  fault('error-missing-code', 'ERROR-1',
    'The error serializer only writes message and status.',
    () => ({ errorBody: (status, _code, message) => ({ message, status }) })),
  fault('error-status-string', 'ERROR-1',
    'The status is copied from the status line text, so it is the string "401".',
    () => ({ errorBody: (status, code, message) => ({ code, message, status: String(status) }) })),
  fault('error-status-always-400', 'ERROR-2',
    'The Error class defaults its status field to 400 and the auth handler never sets it.',
    () => ({ errorBody: (_status, code, message) => ({ code, message, status: 400 }) })),
];
