/**
 * Errors that stop a run before or outside the checks. Each has a stable `code` that scripts and tests can
 * match on; the message is one line that says what is wrong and how to fix it. Anything of this kind ends the
 * process with exit code 2: the run could not be carried out, which says nothing about the target.
 */
export abstract class ConformanceError extends Error {
  abstract readonly code: string;
}

/** Bad flags, values or environment: the user can fix the command line. */
export class UsageError extends ConformanceError {
  readonly code = 'E_USAGE';
  override readonly name = 'UsageError';
}

/** The OpenAPI document is missing, unreadable or invalid, or lacks what the suites need. */
export class SpecError extends ConformanceError {
  readonly code = 'E_SPEC';
  override readonly name = 'SpecError';
}

/** The target could not be reached before any check ran. */
export class TargetUnreachableError extends ConformanceError {
  readonly code = 'E_TARGET_UNREACHABLE';
  override readonly name = 'TargetUnreachableError';
}

/** Reports could not be written. */
export class ReportWriteError extends ConformanceError {
  readonly code = 'E_REPORT_WRITE';
  override readonly name = 'ReportWriteError';
}

/**
 * The suite built a request header HTTP cannot carry: a bug of the suite's own, caught before the HTTP library sees
 * it (undici refuses it, and may then leave the pool's other requests unsettled).
 */
export class UnsendableHeaderError extends ConformanceError {
  readonly code = 'E_UNSENDABLE_HEADER';
  override readonly name = 'UnsendableHeaderError';
}

/** The target refused the key on every operation it was tried on from the first contact: a wrong key, not a broken server. */
export class KeyRefusedError extends ConformanceError {
  readonly code = 'E_KEY_REFUSED';
  override readonly name = 'KeyRefusedError';
}

/** A document (a spec given as a URL) could not be fetched: the URL, the network, or what its server answered. */
export class DocumentFetchError extends ConformanceError {
  readonly code = 'E_FETCH';
  override readonly name = 'DocumentFetchError';
}

/** The run's proxy could not be reached, or refused what the run asked of it: nothing of the target is known. */
export class ProxyError extends ConformanceError {
  readonly code = 'E_PROXY';
  override readonly name = 'ProxyError';
}

/** The target asked for a TLS client certificate the run did not give, or refused the one it gave. */
export class ClientCertificateError extends ConformanceError {
  readonly code = 'E_CLIENT_CERTIFICATE';
  override readonly name = 'ClientCertificateError';
}
