/**
 * The retail flow as the product is now, walked through the reference API the way a browser talks
 * to it (its cookie, its Origin, an idempotency key per submit): the create step, then each task the
 * process shows, answered with its contract's example, until check answers (section 2: the data
 * steps end there). The benchmark's browser part measures the steps this finds, and Lighthouse
 * opens one of them: neither keeps its own list of steps, so a changed process changes what they
 * measure instead of breaking them (issue 26 item 7).
 */
import { randomUUID } from 'node:crypto';
import type { TaskKey } from '../../src/steps/_generated/task-keys';
import { CREATE_REQUEST, createApplicationStep, exampleSubmission, stepPath } from '../server/support/payloads';

/** Where the retail data steps end (section 2: the answers are checked, then the offer). */
export const AFTER_DATA_STEPS = 'checkAnswers';

/** One applicant's session against a server on loopback: every cookie it sets is kept. */
export class BrowserLikeSession {
  private readonly jar = new Map<string, string>();

  constructor(readonly origin: string) {
    const host = new URL(origin).hostname;
    if (!['localhost', '127.0.0.1', '[::1]'].includes(host)) throw new Error(`the bench talks to loopback only, not ${host}`);
  }

  /** `name=value; name=value`: the Cookie header a browser of this applicant would send. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${this.origin}${pathname}`, {
      method,
      headers: {
        origin: this.origin,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.jar.size > 0 ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0]!;
      const separator = pair.indexOf('=');
      if (separator > 0) this.jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} -> ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}

interface Task {
  externalId: string;
  version: number;
  taskDefinitionKey: string;
  application: { creditConditions: { productName?: string | null; loanAmount?: number | null; loanPeriod?: number | null; loanPurpose?: string | null } };
}

/** A data step as the walk met it: its key and the form values it was answered with. */
export interface WalkedStep {
  taskKey: TaskKey;
  draft: Record<string, unknown>;
}

export interface RetailWalk {
  /** The data steps after the create step, in the order the process showed them. */
  steps: WalkedStep[];
  /** The session and application, resting at `stoppedAt`. */
  session: BrowserLikeSession;
  externalId: string;
  stoppedAt: string;
}

/**
 * Walks a new Estonian small-loan application (the retail default, without a co-applicant) from the
 * create step to `until` (default: check answers). Fails, naming the task, when the process ends
 * or asks something the examples cannot answer before it gets there.
 */
export async function walkRetailFlow(origin: string, until: string = AFTER_DATA_STEPS): Promise<RetailWalk> {
  const session = new BrowserLikeSession(origin);
  const submit = (task: Task, body: unknown) => session.call<Task>('POST', stepPath(task.externalId), body, { 'idempotency-key': randomUUID() });
  const created = await session.call<Task>('POST', '/api/v1/application-process', CREATE_REQUEST);
  let task = await submit(created, createApplicationStep(created.version));
  const steps: WalkedStep[] = [];
  for (let guard = 0; task.taskDefinitionKey !== until; guard++) {
    if (guard >= 20) throw new Error(`the walk did not reach ${until} in 20 steps: ${steps.map((step) => step.taskKey).join(' → ')}`);
    const { productName, loanAmount, loanPeriod, loanPurpose } = task.application.creditConditions;
    const submission = exampleSubmission(task.taskDefinitionKey, task.version, {
      ...(productName ? { productName } : {}),
      ...(loanAmount != null ? { loanAmount } : {}),
      ...(loanPeriod != null ? { loanPeriod } : {}),
      ...(loanPurpose ? { loanPurpose } : {}),
      values: { submitBackgroundData: { hasCoApplicant: 'no' } },
    });
    const answered = task.taskDefinitionKey;
    try {
      task = await submit(task, submission);
    } catch (error) {
      throw new Error(`the walk towards ${until} stopped at ${answered}: ${String(error)}`);
    }
    steps.push({ taskKey: answered as TaskKey, draft: (submission.draft ?? {}) as Record<string, unknown> });
  }
  return { steps, session, externalId: task.externalId, stoppedAt: task.taskDefinitionKey };
}
