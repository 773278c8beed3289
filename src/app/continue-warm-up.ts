import { continueApplication } from '../api/application.api';
import type { TaskResponse } from '../../core/wire/application.schema';
import type { ContinueApplicationInput } from '../../machines/application/application.actors';

/**
 * Issue 26 item 1 (decision 227): a continued application's `/?externalId=...` asks for its current
 * task as soon as the configuration is known, beside the language's messages, instead of after the
 * app's first render started the application machine. The machine's continue call takes this answer
 * (once) when it asks exactly the same (the applicant's view, nothing to store); else it asks itself.
 */
let warm: { externalId: string; answer: Promise<TaskResponse> } | null = null;

/** Starts the applicant's continue call for `externalId` (called by start-warm-up.ts). */
export function warmUpContinue(externalId: string): void {
  const answer = continueApplication(externalId);
  // Nobody may take it (another route, a machine that asks otherwise): its failure is then no one's.
  answer.catch(() => undefined);
  warm = { externalId, answer };
}

/** The warmed answer for exactly this continue call, once; null when there is none to take. */
export function takeWarmContinue(input: ContinueApplicationInput): Promise<TaskResponse> | null {
  if (!warm || warm.externalId !== input.externalId || input.role !== 'APPLICANT' || input.webShopRedirectUri) return null;
  const { answer } = warm;
  warm = null;
  return answer;
}
