import type { Page } from '@playwright/test';
import { APP_ROUTES, isSessionFreePath, matchAppRoute } from '../../core/domain/app-routes';
import { BUSINESS_DOMAINS } from '../../core/domain/business-domains';

/**
 * The reference server's test-only controls (docs/architecture.md, "Sandbox controls"). They act on
 * the session that sets them, so they are called by the page itself (a same-origin fetch carries
 * the page's Origin and cookies, and a session the call creates is kept by the browser exactly as
 * one the app creates: the `__Host-` session cookie is Secure, which Playwright's own request
 * context does not store from http://localhost), once the page's own start-up calls are done. The
 * next-task, fail-next and delay-next controls are consumed once.
 */
/** The reference server's session cookie (server/sessions/session-token.ts). */
const SESSION_COOKIE = '__Host-solis_sid';

/**
 * The app's first call on every start (`previous-external-id`, decision 050) creates the session. A
 * control sent before that call is answered would get a session of its own and lose the race for
 * the cookie (seen in traces, on a loaded machine, whatever the page showed and however quiet the
 * network was for a moment). So on a page of the application flow, wait for the cookie itself.
 * A page that makes no session (a page of section 2 without session expiry: the error pages, the
 * product chooser; a 404; a sandbox provider's page) has no such call to race: once it has gone
 * quiet the control goes alone and creates the session (decision 213: the 10 s grace these pages
 * used to wait out cost the browser stage seconds per call, e.g. 20 of layout-shift's 50).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (!makesSession(page.url())) return;
  const hasSession = async () => (await page.context().cookies()).some((cookie) => cookie.name === SESSION_COOKIE);
  for (let waited = 0; waited < 10_000 && !(await hasSession()); waited += 100) {
    await page.waitForTimeout(100);
  }
}

/**
 * Whether the app, on this page, makes the session by a call of its own (the flow's first call,
 * `previous-external-id`, or the resume page's): a route of the flow in any domain. Session-free
 * pages (section 2) start no flow, and a path of no route is the 404 page or not the app at all.
 */
export function makesSession(url: string): boolean {
  const { pathname } = new URL(url);
  return BUSINESS_DOMAINS.some((domain) => {
    const route = matchAppRoute(pathname, domain);
    return route !== undefined && (route === APP_ROUTES.resume || !isSessionFreePath(pathname));
  });
}

async function call(page: Page, name: string, body: Record<string, unknown>): Promise<unknown> {
  await settled(page);
  const { status, text } = await page.evaluate(
    async ({ path, json }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: json,
      });
      return { status: response.status, text: await response.text() };
    },
    { path: `/api/sandbox/${name}`, json: JSON.stringify(body) },
  );
  if (status < 200 || status >= 300) {
    throw new Error(`sandbox ${name} ${JSON.stringify(body)} answered ${status}: ${text}`);
  }
  return (JSON.parse(text) as { data: unknown }).data;
}

/** The decision engine's outcomes (core/domain/decisions.ts). */
export type DecisionOutcome =
  | 'POSITIVE'
  | 'NEGATIVE_INITIAL'
  | 'NEGATIVE_REFINANCING'
  | 'NEGATIVE_FINAL'
  | 'UNDECIDED'
  | 'UNDECIDED_HOUSING_LOAN'
  | 'UNDECIDED_HOUSING_LOAN_CO_BORROWER';

/** What seeding may set (server/sandbox/seed-application.ts). */
export interface SeedRequest {
  /** A task key, or a task of the co-borrower's part by its state path: `coBorrower.submitAddress`. */
  taskDefinitionKey: string;
  productName?: string;
  /** Task keys or state paths, oldest first. */
  previousTasks?: string[];
  /** Applied as the applicant's step payload (`applicationUpdates.coApplicant` invites a co-borrower). */
  application?: Record<string, unknown>;
  /** Applied as the co-borrower's step payload, after `application`. */
  coBorrower?: Record<string, unknown>;
  /** The current task's form, of whoever's task it is. */
  draft?: Record<string, unknown>;
  /** Earlier tasks' forms as sent, by task key or state path (the check-answers page lists them). */
  answers?: Record<string, Record<string, unknown>>;
  languageCode?: 'eng' | 'est' | 'lav' | 'lit' | 'rus';
  /** The decision already made (issue 12), to open a decision page directly. */
  decision?: DecisionOutcome;
  /** A positive decision's stage (decision 131): FINAL opens the final offer. */
  decisionStage?: 'INITIAL' | 'FINAL';
  /** The partner parameters of the link, checked against a partner this session registered (decision 147). */
  partner?: { regCode: string; processData?: { webShopRedirectUri?: string }; seller?: { businessName?: string } };
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A message the reference API "sent" in test mode (server/applications/invitations.ts). */
export interface OutboxMessage {
  kind: string;
  recipient: string;
  body: { link?: string; firstName?: string | null } & Record<string, unknown>;
}

/** A sandbox read, made by the page itself like the controls above (same session, same origin). */
async function read(page: Page, name: string): Promise<unknown> {
  await settled(page);
  const { status, text } = await page.evaluate(async (path) => {
    const response = await fetch(path, { credentials: 'same-origin' });
    return { status: response.status, text: await response.text() };
  }, `/api/sandbox/${name}`);
  if (status < 200 || status >= 300) throw new Error(`sandbox ${name} answered ${status}: ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

export const sandbox = {
  /**
   * An application of this browser's session already at a task, with given data (issue 8): a test
   * opens `/?externalId=<id>` and starts at the step it tests. The page must be on the app first.
   */
  seedApplication: async (page: Page, request: SeedRequest): Promise<{ externalId: string }> =>
    (await call(page, 'applications', request as unknown as Record<string, unknown>)) as { externalId: string },
  /** The next create, submit or continue of this session answers with this task key. */
  nextTask: async (page: Page, taskDefinitionKey: string) => void (await call(page, 'next-task', { taskDefinitionKey })),
  /** The next call of this session whose path contains `path` (and of `method`, when given) fails with `status`. */
  failNext: async (page: Page, options: { path?: string; method?: HttpMethod; status: number }) => void (await call(page, 'fail-next', options)),
  /** The next call of this session whose path contains `path` waits `ms` first. */
  delayNext: async (page: Page, options: { path?: string; method?: HttpMethod; ms: number }) => void (await call(page, 'delay-next', options)),
  /**
   * Decision 208: `seconds` pass for this session on both clocks at once, the server's (the session
   * as though that long passed without a call) and the page's (`page.clock`, installed before the
   * page loaded), so a session runs out without the test waiting for it. The server's new expiry.
   */
  advanceSessionClock: async (page: Page, seconds: number): Promise<number> => {
    const { expiresAt } = (await call(page, 'session/advance', { seconds })) as { expiresAt: string };
    await page.clock.fastForward(seconds * 1000);
    return Date.parse(expiresAt);
  },
  /**
   * What the reference API "sent" for this session's application (issue 11): the co-borrower's
   * invitation e-mail with its link, as a tester reads it in the co-borrower's mailbox.
   */
  outbox: async (page: Page, externalId: string): Promise<OutboxMessage[]> =>
    ((await read(page, `outbox/${encodeURIComponent(externalId)}`)) as { messages: OutboxMessage[] }).messages,
  /** From now on, this session's customer has this loyalty segment (section 4; any text; not consumed). */
  setLoyaltySegment: async (page: Page, segment: string | null) => void (await call(page, 'loyalty-segment', { segment })),
  /**
   * From now on, the decision engine answers `outcome` for this session's applications, whoever sends
   * the last step (issue 12; not consumed); null lets its rules decide again (docs/decisions/130).
   */
  setDecision: async (page: Page, outcome: DecisionOutcome | null) => void (await call(page, 'decision', { outcome })),
  /**
   * Decision 215: from now on, these outcomes of the bank's side hold for this session's applications
   * (not consumed): the card the loan names not offered, a duplicate application (on the create step),
   * a short application (on check answers). What is left out is the service's own again.
   */
  setOutcomes: async (page: Page, outcomes: { crossSell?: 'NOT_OFFERED' | null; duplicateApplication?: boolean; shortApplication?: boolean }) =>
    void (await call(page, 'outcomes', outcomes)),
  /**
   * From now on, the remote identification provider answers `status` for this session (issue 13; any
   * of section 3's five; not consumed); null lets it answer its own again.
   */
  setIdentityStatus: async (page: Page, status: 'COMPLETED_FAILURE' | 'COMPLETED_OK' | 'NO_STATUS' | 'RUNNING' | 'TECHNICAL_ERROR' | null) =>
    void (await call(page, 'identity', { status })),
  /**
   * From now on, the Smart-ID simulator is scripted to answer `result` for this session's signings
   * after `runningPolls` RUNNING answers (not consumed; decision 167: the section 4 results Smart-ID's
   * protocol leads to). Without it, the simulator waits for a person on its phone page (simulators.ts).
   */
  setSmartId: async (page: Page, setting: { result?: string; runningPolls?: number; disabledReason?: string | null }) =>
    void (await call(page, 'signing/smart-id', setting)),
  /**
   * From now on, the Mobile-ID simulator is scripted to answer `result` after `runningPolls` RUNNING
   * answers (not consumed; decision 167: the section 4 results Mobile-ID's protocol leads to).
   */
  setMobileId: async (page: Page, setting: { result?: string; runningPolls?: number }) => void (await call(page, 'signing/mobile-id', setting)),
  /** From now on, what the sandbox eParaksts provider's page has chosen, and the errorCode a failed signing carries (decision 139). */
  setEsignature: async (page: Page, setting: { authentication?: 'SUCCESS' | 'FAILED'; signing?: 'SUCCESS' | 'FAILED'; signingErrorCode?: string | null }) =>
    void (await call(page, 'signing/esignature', setting)),
  /** What the simulated bank's page opens with, and whether the restriction check answers restricted (payment signing, decision 168). */
  setPayment: async (page: Page, setting: { result?: 'COMPLETED_OK' | 'COMPLETED_FAILURE' | 'USER_CANCELLED' | 'PROVIDER_ERROR'; restricted?: boolean }) =>
    void (await call(page, 'signing/payment', setting)),
  /** The login service's stand-in: this session is renewed and authenticated, its applicants too (decision 026). */
  authenticate: async (page: Page) => void (await call(page, 'authenticate', {})),
  /** A partner (shop) this session alone knows: its return addresses and the goods it sells with its terms (not consumed). */
  registerPartner: async (page: Page, partner: SandboxPartner): Promise<{ id: string }> =>
    (await call(page, 'partners', partner as unknown as Record<string, unknown>)) as { id: string },
};

/** What `registerPartner` takes (server/routes/sandbox.routes.ts). */
export interface SandboxPartner {
  regCode: string;
  name?: string;
  canSignDigitally?: boolean;
  returnAddresses: string[];
  products?: Array<{ goodsName: string; productName: string; overrides?: Record<string, number> }>;
}
