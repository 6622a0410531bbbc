import type { CredentialSent } from '../../http/credential.js';
import type { Exchange } from '../../http/exchange.js';
import type { Reply } from '../../http/reply.js';
import type { RuleId } from '../../rules/catalogue.js';
import type { RunState } from '../../runtime/run-state.js';
import type { ExchangeAuditor } from '../../runtime/suite-state.js';
import type { Operation } from '../../spec/types.js';
import type { Validators } from '../../spec/validators.js';
import { NOT_APPLICABLE, type AuditSubject, type ExchangeAudit } from './audit.js';
import { AUDITS } from './index.js';
import { KEPT_WHEN_PASSED } from '../evidence.js';

/** How many violating exchanges an audit keeps for the report; all are counted. */
const KEPT_VIOLATIONS = 12;

/** What one audit found over a suite's exchanges. */
export interface AuditTally {
  judged: number;
  violations: number;
  /** The first violations, each message with its exchange. */
  readonly shown: { readonly message: string; readonly exchange: Exchange }[];
  /** The first exchanges it judged: what a passing audit shows. */
  readonly sample: Exchange[];
  /** What the audit itself threw, the first time it did: an error of the suite's own, which its test reports. */
  crash?: unknown;
}

/**
 * Every audit (see index.ts) over one suite's exchanges, judged as each arrives so that nothing needs to be kept for
 * later: what the suite's audit tests report at its end (see audit-tests.ts).
 */
export class AuditTallies implements ExchangeAuditor {
  readonly byRule = new Map<RuleId, AuditTally>(AUDITS.map((a) => [a.rule, { judged: 0, violations: 0, shown: [], sample: [] }]));
  private readonly credentials = new WeakMap<Reply, CredentialSent>();

  constructor(private readonly validators: Validators, private readonly run: RunState) {}

  audit(reply: Reply, operation: Operation, alsoAllowed: readonly number[], credential: CredentialSent): void {
    this.credentials.set(reply, credential);
    for (const audit of AUDITS) {
      if (operation.variantOf && !audit.judgesPathVariants) continue;
      // A 429 that persisted through the retries answers the rate, not the request: no rule judges it. The contract
      // shows no rate limits (§8), so limiting breaks none; the check it answered is not judged (a partial verdict).
      if (reply.exchange.rateLimited) continue;
      this.tally(audit, { reply, operation, alsoAllowed, credential, validators: this.validators, run: this.run });
    }
  }

  credentialOf(reply: Reply): CredentialSent | undefined {
    return this.credentials.get(reply);
  }

  private tally(audit: ExchangeAudit, subject: AuditSubject): void {
    const { reply } = subject;
    const tally = this.byRule.get(audit.rule);
    if (!tally) return;
    let found: ReturnType<ExchangeAudit['judge']>;
    try {
      found = audit.judge(subject);
    } catch (error) {
      // Not the check's that sent the request, nor the target's: the audit's own, which its test reports.
      tally.crash ??= error;
      return;
    }
    if (found === NOT_APPLICABLE) return;
    tally.judged++;
    if (tally.sample.length < KEPT_WHEN_PASSED) tally.sample.push(reply.exchange);
    if (found.length === 0) return;
    tally.violations++;
    if (tally.shown.length < KEPT_VIOLATIONS) tally.shown.push({ message: found.join('; '), exchange: reply.exchange });
  }
}
