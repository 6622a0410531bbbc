import type { CredentialSent } from '../../http/credential.js';
import type { Exchange } from '../../http/exchange.js';
import type { Reply } from '../../http/reply.js';
import type { Cause } from '../../rules/cause.js';
import type { RuleId } from '../../rules/catalogue.js';
import type { RunState } from '../../runtime/run-state.js';
import type { ExchangeAuditor } from '../../runtime/suite-state.js';
import type { RefusalKind } from '../../runtime/write-budget.js';
import type { Operation } from '../../spec/types.js';
import type { Validators } from '../../spec/validators.js';
import { NOT_APPLICABLE, type AuditSubject, type ExchangeAudit, type Finding, type JudgedSubject } from './audit.js';
import { AUDITS } from './index.js';
import { ownerOf, recordStray, strayOf } from './ownership.js';
import { abridged, KEPT_WHEN_PASSED } from '../evidence.js';
import { Kinds } from '../../core/problem-kinds.js';

/** How many violating exchanges an audit keeps for the report; all are counted. */
const KEPT_VIOLATIONS = 12;

/** What one audit found over a suite's exchanges. */
export interface AuditTally {
  judged: number;
  violations: number;
  /** Violations in the audit's own right: not following another rule's failure (see Followed). */
  ownViolations: number;
  /** What the first violation that follows another rule's failure follows from. */
  cause?: Cause;
  /** The first violations, each message with its exchange, and what it follows from, if it does. */
  readonly shown: { readonly message: string; readonly exchange: Exchange; readonly follows?: Cause }[];
  /** Every violation's kind, counted (see Kinds): what the failure's first line names. */
  readonly kinds: Kinds;
  /** The first exchanges it judged, abridged: what a passing audit shows. */
  readonly sample: Exchange[];
  /** What the audit itself threw, the first time it did: an error of the suite's own, which its test reports. */
  crash?: unknown;
}

/**
 * Every audit (see index.ts) over one suite's exchanges, judged as each arrives so that nothing needs to be kept for
 * later: what the suite's audit tests report at its end (see audit-tests.ts). Each answer's owner (see ownerOf) is
 * found first, and kept in the run for the checks that read the answer: an audit that judges only what the contract
 * documents leaves an answer HTTP-1 owns alone, and what the others find of an answer another rule owns, or of the
 * category a request that had to be refused created, follows from that rule.
 */
export class AuditTallies implements ExchangeAuditor {
  readonly byRule = new Map<RuleId, AuditTally>(AUDITS.map((a) => [a.rule, { judged: 0, violations: 0, ownViolations: 0, shown: [], kinds: new Kinds(), sample: [] }]));

  constructor(private readonly validators: Validators, private readonly run: RunState) {}

  audit(reply: Reply, operation: Operation, alsoAllowed: readonly number[], credential: CredentialSent, refusal?: RefusalKind): void {
    // A 429 that persisted through the retries answers the rate, not the request: no rule judges it. The contract
    // shows no rate limits (§8), so limiting breaks none; the check it answered is not judged (a partial verdict).
    if (reply.exchange.rateLimited) return;
    const subject: AuditSubject = { reply, operation, alsoAllowed, credential, refusal, validators: this.validators, run: this.run };
    const owner = ownerOf(subject);
    if (owner) this.run.owners.set(reply, owner);
    const stray = strayOf(subject, owner);
    if (stray) recordStray(subject, stray);
    const judged = { ...subject, owner };
    for (const audit of AUDITS) {
      if (operation.variantOf && !audit.judgesPathVariants) continue;
      if (audit.documentedOnly && owner?.rule === 'HTTP-1') continue;
      const follows = owner?.coOwner === audit.rule ? owner : stray && stray.rule !== audit.rule ? stray : undefined;
      this.tally(audit, judged, follows);
    }
  }

  private tally(audit: ExchangeAudit, subject: JudgedSubject, follows: Cause | undefined): void {
    const { reply } = subject;
    const tally = this.byRule.get(audit.rule);
    if (!tally) return;
    let found: Finding;
    try {
      found = audit.judge(subject);
    } catch (error) {
      // Not the check's that sent the request, nor the target's: the audit's own, which its test reports.
      tally.crash ??= error;
      return;
    }
    if (found === NOT_APPLICABLE) return;
    tally.judged++;
    // Kept as a passing audit shows them: the tallies live as long as their suite's tests (see audit-tests.ts).
    if (tally.sample.length < KEPT_WHEN_PASSED) tally.sample.push(abridged(reply.exchange));
    const violations = 'cause' in found ? found.violations : found;
    if (violations.length === 0) return;
    const cause = follows ?? ('cause' in found ? found.cause : undefined);
    tally.violations++;
    if (cause) tally.cause ??= cause;
    else tally.ownViolations++;
    const message = violations.join('; ');
    tally.kinds.count(message);
    if (tally.shown.length < KEPT_VIOLATIONS) tally.shown.push({ message, exchange: reply.exchange, ...(cause ? { follows: cause } : {}) });
  }
}
