/**
 * The session machine (issue 3, "Session machine"): the expiry from every reply, a warning before
 * it runs out that the applicant can extend with one action at least ten times (WCAG 2.2.1), the
 * heartbeat, the session-expired page, pages with expiry disabled, and a tab that was in the
 * background. Fake actors and a simulated clock: no real time, no network.
 */
import { describe, expect, it } from 'vitest';
import { appError, settle } from './actor.fakes';
import { HEARTBEAT_MS, MINUTE, TTL_MS, WARNING_MS, startSession, type RunningSession } from './session.fakes';

const UNTIL_WARNING = TTL_MS - WARNING_MS;

/** The server answers the extension as it does: the header first, then the body. */
async function extensionSucceeds(run: RunningSession): Promise<number> {
  const expiresAt = run.reply();
  run.extend.last().resolve({ expiresAt });
  await settle();
  return expiresAt;
}

describe('session machine: warning and expiry', () => {
  it('knows nothing until a reply announces the expiry, and ignores a request that clears it', async () => {
    const run = startSession();
    expect(run.actor.getSnapshot().value).toBe('idle');
    run.requestStarted();
    await run.advance(TTL_MS * 2);
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.view()).toEqual({ kind: 'none' });

    run.reply();
    expect(run.actor.getSnapshot().matches('active')).toBe(true);
    // A request in flight says nothing about the session: the client clears the header on each.
    run.requestStarted();
    expect(run.actor.getSnapshot().context.expiresAt).toBe(run.now() + TTL_MS);
  });

  it('warns exactly 2 minutes before the expiry, counts down each second, and expires on time', async () => {
    const run = startSession();
    const expiresAt = run.reply();
    await run.advance(UNTIL_WARNING - 1);
    expect(run.view()).toEqual({ kind: 'none' });
    await run.advance(1);
    expect(run.view()).toEqual({ kind: 'warning', remainingSeconds: 120, extending: false, extendFailed: false });
    await run.advance(1000);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 119 });
    await run.advance(58_000);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 61 });
    await run.advance(60_000);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 1 });
    expect(run.now()).toBe(expiresAt - 1000);
    await run.advance(999);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 1 });
    await run.advance(1);
    expect(run.view()).toEqual({ kind: 'expired' });
    expect(run.extend.calls).toHaveLength(0);
  });

  it('follows the server: each reply slides the expiry and moves the warning with it', async () => {
    const run = startSession();
    run.reply();
    await run.advance(10 * MINUTE);
    run.requestStarted();
    run.reply();
    await run.advance(UNTIL_WARNING - 1);
    expect(run.view().kind).toBe('none');
    await run.advance(1);
    expect(run.view().kind).toBe('warning');
  });

  it('keeps the warning open while a request is in flight, and closes it when another call slides the session', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING + 30_000);
    run.requestStarted();
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 90 });
    // E.g. the draft saved with keepalive when the tab was hidden: the server slid the session.
    run.reply();
    expect(run.view()).toEqual({ kind: 'none' });
  });

  it('a reply with an expiry already inside the warning window opens the warning at once', () => {
    const run = startSession();
    run.reply(WARNING_MS - 15_000);
    expect(run.view()).toEqual({ kind: 'warning', remainingSeconds: 105, extending: false, extendFailed: false });
  });
});

describe('session machine: extending (WCAG 2.2.1)', () => {
  it('the applicant can extend twelve times in a row and the session never ends', async () => {
    const run = startSession();
    let expiresAt = run.reply();
    for (let extension = 1; extension <= 12; extension += 1) {
      await run.advance(expiresAt - WARNING_MS - run.now());
      expect(run.view(), `warning ${extension}`).toMatchObject({ kind: 'warning', remainingSeconds: 120 });
      // The applicant takes their time: 100 of the 120 seconds.
      await run.advance(100_000);
      run.actor.send({ type: 'session.extendRequested' });
      expect(run.view(), `extension ${extension} under way`).toMatchObject({ kind: 'warning', extending: true });
      expect(run.extend.calls).toHaveLength(extension);
      run.requestStarted();
      expiresAt = await extensionSucceeds(run);
      expect(run.view(), `extension ${extension} done`).toEqual({ kind: 'none' });
    }
    await run.advance(UNTIL_WARNING - 1);
    expect(run.view()).toEqual({ kind: 'none' });
    expect(run.extend.calls).toHaveLength(12);
  });

  it('an extension answered without the header (body only) also closes the warning', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    run.actor.send({ type: 'session.extendRequested' });
    run.extend.last().resolve({ expiresAt: run.now() + TTL_MS });
    await settle();
    expect(run.view()).toEqual({ kind: 'none' });
    expect(run.actor.getSnapshot().context.expiresAt).toBe(run.now() + TTL_MS);
  });

  it('a failed extension keeps the warning with an error; trying again works', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    run.actor.send({ type: 'session.extendRequested' });
    run.extend.last().reject(appError('network'));
    await settle();
    expect(run.view()).toEqual({ kind: 'warning', remainingSeconds: 120, extending: false, extendFailed: true });
    expect(run.actor.getSnapshot().context.extendError).toEqual(appError('network'));

    // The countdown goes on meanwhile.
    await run.advance(5000);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 115, extendFailed: true });

    run.actor.send({ type: 'session.extendRequested' });
    expect(run.view()).toMatchObject({ extending: true, extendFailed: false });
    await extensionSucceeds(run);
    expect(run.view()).toEqual({ kind: 'none' });
    expect(run.actor.getSnapshot().context.extendError).toBeNull();
  });

  it('an extension that does not move the expiry out of the warning counts as failed', async () => {
    const run = startSession();
    const expiresAt = run.reply();
    await run.advance(UNTIL_WARNING);
    run.actor.send({ type: 'session.extendRequested' });
    run.extend.last().resolve({ expiresAt });
    await settle();
    expect(run.view()).toMatchObject({ kind: 'warning', extendFailed: true });
    expect(run.actor.getSnapshot().context.extendError).toMatchObject({ kind: 'server', code: 'SESSION_NOT_EXTENDED' });
  });

  it('failing until the end still ends the session on time', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    run.actor.send({ type: 'session.extendRequested' });
    run.extend.last().reject(appError('server'));
    await settle();
    await run.advance(WARNING_MS - 1);
    expect(run.view().kind).toBe('warning');
    run.actor.send({ type: 'session.extendRequested' });
    await run.advance(1);
    expect(run.view()).toEqual({ kind: 'expired' });
    // Leaving the warning cancels the extension still under way.
    expect(run.extend.last().signal.aborted).toBe(true);
  });

  it('ignores a request to extend when no warning is shown', async () => {
    const run = startSession();
    run.actor.send({ type: 'session.extendRequested' });
    run.reply();
    run.actor.send({ type: 'session.extendRequested' });
    await settle();
    expect(run.extend.calls).toHaveLength(0);
    expect(run.actor.getSnapshot().can({ type: 'session.extendRequested' })).toBe(false);
  });
});

describe('session machine: the expired page and pages with expiry disabled', () => {
  it('disabled pages never warn nor expire, and replies there are still noted', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.disabled' });
    await run.advance(TTL_MS * 3);
    expect(run.view()).toEqual({ kind: 'none' });
    expect(run.actor.getSnapshot().value).toBe('disabled');

    const expiresAt = run.reply();
    run.actor.send({ type: 'session.enabled' });
    expect(run.actor.getSnapshot().matches('active')).toBe(true);
    expect(run.actor.getSnapshot().context.expiresAt).toBe(expiresAt);
    await run.advance(UNTIL_WARNING);
    expect(run.view().kind).toBe('warning');
  });

  it('coming back from a disabled page inside the warning window shows the warning with the time left', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.disabled' });
    await run.advance(UNTIL_WARNING + 60_000);
    run.actor.send({ type: 'session.enabled' });
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 60 });
  });

  it('a session that ran out on a disabled page waits for the next reply instead of expiring', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.disabled' });
    await run.advance(TTL_MS);
    run.actor.send({ type: 'session.enabled' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    run.reply();
    expect(run.actor.getSnapshot().matches('active')).toBe(true);
  });

  it('a disabled page closes an open warning and cancels the extension under way', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    run.actor.send({ type: 'session.extendRequested' });
    run.actor.send({ type: 'session.disabled' });
    expect(run.view()).toEqual({ kind: 'none' });
    expect(run.extend.last().signal.aborted).toBe(true);
  });

  it('after expiry it waits on the session-expired page; late replies change nothing; a new session starts afresh', async () => {
    const run = startSession();
    run.reply();
    await run.advance(TTL_MS);
    expect(run.view()).toEqual({ kind: 'expired' });
    // A reply still in flight from before does not bring the old session back.
    run.reply();
    run.actor.send({ type: 'page.visible' });
    expect(run.view()).toEqual({ kind: 'expired' });

    // The app shows /session-expired, which disables expiry; the home link enables it again.
    run.actor.send({ type: 'session.disabled' });
    expect(run.view()).toEqual({ kind: 'none' });
    run.actor.send({ type: 'session.enabled' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    run.reply();
    await run.advance(UNTIL_WARNING);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 120 });
  });
});

describe('session machine: a tab in the background', () => {
  it('coming back after the expiry goes straight to expired, without a warning first', async () => {
    const run = startSession();
    run.reply();
    await run.advance(MINUTE);
    run.sleep(TTL_MS);
    run.actor.send({ type: 'page.visible' });
    expect(run.view()).toEqual({ kind: 'expired' });
  });

  it('coming back inside the warning window shows the warning with the real time left', async () => {
    const run = startSession();
    run.reply();
    run.sleep(UNTIL_WARNING + 45_000);
    expect(run.view()).toEqual({ kind: 'none' });
    run.actor.send({ type: 'page.visible' });
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 75 });
    await run.advance(75_000);
    expect(run.view()).toEqual({ kind: 'expired' });
  });

  it('coming back while the warning is open catches the countdown up with the clock', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    run.sleep(50_000);
    run.actor.send({ type: 'page.visible' });
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 70 });
    run.sleep(80_000);
    run.actor.send({ type: 'page.visible' });
    expect(run.view()).toEqual({ kind: 'expired' });
  });

  it('a late timer (throttled) re-reads the clock: it never shows a warning for a session already over', async () => {
    const run = startSession();
    run.reply();
    run.sleep(TTL_MS + MINUTE);
    // No visibility event at all (a laptop that slept with the tab in front): the next timer decides.
    await run.advance(UNTIL_WARNING);
    expect(run.view()).toEqual({ kind: 'expired' });
  });

  it('coming back early changes nothing', async () => {
    const run = startSession();
    run.reply();
    await run.advance(MINUTE);
    const before = run.actor.getSnapshot();
    run.actor.send({ type: 'page.visible' });
    expect(run.actor.getSnapshot()).toBe(before);
  });
});

describe('session machine: heartbeat', () => {
  it('an idle applicant gets no heartbeat: the session is left to run out and the warning comes', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    expect(run.heartbeat.calls).toHaveLength(0);
    expect(run.view().kind).toBe('warning');
  });

  it('an active applicant who makes no calls gets one heartbeat every 5 minutes, each sliding the session', async () => {
    const run = startSession();
    run.reply();
    for (let beat = 1; beat <= 4; beat += 1) {
      run.actor.send({ type: 'session.activity' });
      run.actor.send({ type: 'session.activity' });
      await run.advance(HEARTBEAT_MS - 1);
      expect(run.heartbeat.calls, `before beat ${beat}`).toHaveLength(beat - 1);
      await run.advance(1);
      expect(run.heartbeat.calls, `beat ${beat}`).toHaveLength(beat);
      // The heartbeat's reply slides the session (header), then its body arrives.
      run.requestStarted();
      run.reply();
      run.heartbeat.last().resolve();
      await settle();
    }
    expect(run.view()).toEqual({ kind: 'none' });
    // 20 minutes in, past the first session's 15, and no warning was ever needed.
    await run.advance(UNTIL_WARNING - 1);
    expect(run.view()).toEqual({ kind: 'none' });
    expect(run.heartbeat.calls).toHaveLength(4);
  });

  it('activity counts only until the next slide: a reply from any call makes a heartbeat unnecessary', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.activity' });
    await run.advance(4 * MINUTE);
    run.reply();
    await run.advance(HEARTBEAT_MS);
    expect(run.heartbeat.calls).toHaveLength(0);
    run.actor.send({ type: 'session.activity' });
    await run.advance(HEARTBEAT_MS);
    expect(run.heartbeat.calls).toHaveLength(1);
  });

  it('a failed heartbeat is not fatal: the session goes on and the next one is tried 5 minutes later', async () => {
    const run = startSession();
    run.reply();
    run.actor.send({ type: 'session.activity' });
    await run.advance(HEARTBEAT_MS);
    run.requestStarted();
    run.heartbeat.last().reject(appError('network'));
    await settle();
    expect(run.actor.getSnapshot().matches({ active: 'resting' })).toBe(true);
    expect(run.actor.getSnapshot().context.heartbeatError).toEqual(appError('network'));
    expect(run.view()).toEqual({ kind: 'none' });

    run.actor.send({ type: 'session.activity' });
    await run.advance(HEARTBEAT_MS);
    expect(run.heartbeat.calls).toHaveLength(2);
    run.heartbeat.last().reject(appError('server'));
    await settle();
    // The session itself was never slid: the warning comes at the original time.
    await run.advance(UNTIL_WARNING - 2 * HEARTBEAT_MS);
    expect(run.view()).toMatchObject({ kind: 'warning', remainingSeconds: 120 });
  });

  it('no heartbeat while the warning is open or on a disabled page: only the applicant extends', async () => {
    const run = startSession();
    run.reply();
    await run.advance(UNTIL_WARNING);
    run.actor.send({ type: 'session.activity' });
    await run.advance(WARNING_MS - 1000);
    run.actor.send({ type: 'session.disabled' });
    run.actor.send({ type: 'session.activity' });
    await run.advance(3 * HEARTBEAT_MS);
    expect(run.heartbeat.calls).toHaveLength(0);
  });
});
