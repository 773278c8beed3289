/**
 * Development only (imported from the `import.meta.env.DEV` branch of ./inspector.ts): the small
 * panel of the path walk (decision 225), in a React root of its own beside the app's, so the app's
 * tree is the same with or without it. "Next step" walks one step, "Play" one after the other with a
 * pause between them, "Pause" stops before the next. Its words are the developer's, in English, like
 * the inspector's console output (not the applicant's: not in Lingui).
 */
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { InspectionEvent } from 'xstate';
import type { StepContract } from '../../core/contract/step-contract';
import type { Inspect } from './inspector';
import type { PathPlan } from './inspect-path';
import { PathWalker } from './inspect-walk';
import { fetchRuntimeConfig } from './runtime-config';

const PANEL_STYLE = {
  position: 'fixed',
  right: '0.5rem',
  bottom: '0.5rem',
  zIndex: 2147483647,
  maxWidth: '26rem',
  padding: '0.75rem',
  background: '#fff',
  color: '#111',
  border: '2px solid #5b21b6',
  borderRadius: '0.25rem',
  font: '14px/1.4 system-ui, sans-serif',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
} as const;

export function WalkPanel({ walker }: { walker: PathWalker }) {
  const state = useSyncExternalStore(
    (listener) => walker.subscribe(listener),
    () => walker.state,
  );
  const stepping = useSyncExternalStore(
    (listener) => walker.subscribe(listener),
    () => walker.stepping,
  );
  const { plan } = walker;
  const current = plan.steps[state.index];
  const then = plan.steps[state.index + 1];
  const over = state.status === 'stopped' || state.status === 'done';
  return (
    <aside aria-label="Path walk (development)" style={PANEL_STYLE}>
      <p style={{ margin: 0, fontWeight: 600 }}>Path walk: {plan.id}</p>
      <p style={{ margin: '0.25rem 0' }}>
        Step {state.index + 1} of {plan.steps.length}: <code>{current?.task ?? '-'}</code>
        {then ? (
          <>
            {' '}
            then <code>{then.task}</code>
          </>
        ) : null}
      </p>
      <p role="status" style={{ margin: '0.25rem 0' }}>
        {state.message}
      </p>
      <p style={{ margin: 0, display: 'flex', gap: '0.5rem' }}>
        <button type="button" disabled={over || stepping || state.status === 'playing'} onClick={() => void walker.next()}>
          Next step
        </button>
        {state.status === 'playing' ? (
          <button type="button" onClick={() => walker.pause()}>
            Pause
          </button>
        ) : (
          <button type="button" disabled={over || stepping} onClick={() => void walker.play()}>
            Play
          </button>
        )}
      </p>
    </aside>
  );
}

/** The step contracts, loaded on the first walk only (the generated index: every step's contract). */
async function contractOf(task: string) {
  const { STEP_CONTRACTS } = await import('../steps/_generated/contracts.gen');
  return (STEP_CONTRACTS as Record<string, { contract: StepContract } | undefined>)[task]?.contract;
}

/**
 * Starts the walk of `plan`: the panel shows, and the inspector's observer also hands the walker the
 * application machine as it starts. Answers the observer to give the app's actors.
 */
export function startPathWalk(plan: PathPlan, inspect: Inspect, doc: Document = document): Inspect {
  const walker = new PathWalker(plan, { fetch: (url, init) => fetch(url, init), contractOf, config: fetchRuntimeConfig, pathname: window.location.pathname });
  const host = doc.createElement('div');
  host.setAttribute('data-solis-path-walk', '');
  doc.body.append(host);
  createRoot(host).render(<WalkPanel walker={walker} />);
  const forward = typeof inspect === 'function' ? inspect : (event: InspectionEvent) => inspect.next?.(event);
  return (event: InspectionEvent) => {
    forward(event);
    walker.observe(event);
  };
}
