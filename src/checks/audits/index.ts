import type { ExchangeAudit } from './audit.js';
import { auth1 } from './auth-1.js';
import { auth2 } from './auth-2.js';
import { auth3 } from './auth-3.js';
import { auth4 } from './auth-4.js';
import { auth6 } from './auth-6.js';
import { list1 } from './list-1.js';
import { error1 } from './error-1.js';
import { error2 } from './error-2.js';
import { http1 } from './http-1.js';
import { media1 } from './media-1.js';
import { model1 } from './model-1.js';
import { model2 } from './model-2.js';

/**
 * The rules judged on every exchange of every suite. Because these never miss an exchange, a check that cannot
 * judge its own rule for one of their reasons may skip (see SkippedOver) without hiding anything.
 */
export const AUDITS: readonly ExchangeAudit[] = [auth1, auth2, auth3, auth4, auth6, list1, model1, model2, error1, error2, media1, http1];
