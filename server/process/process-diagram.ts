/**
 * Mermaid state diagrams generated from the process definitions (issue 11: which steps each
 * product asks and in what order, documented from the definitions themselves). Written to
 * `docs/processes/` by `npm run processes:diagrams` (tests/paths/process-docs.ts, which adds the
 * generated paths' picture to each file, issue 27); a test fails when the committed files are not
 * current.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { PROCESS_DEFINITIONS, type ProcessDefinitionId } from './process-definitions';
import { askedStepsMarkdown } from './process-paths';

interface NodeView {
  key: string;
  id: string;
  type: string;
  meta?: { returnable?: boolean } | undefined;
  states: Record<string, NodeView>;
  initial?: { target: NodeView[] } | undefined;
  transitions: Map<string, TransitionView[]>;
  always?: TransitionView[] | undefined;
}

interface TransitionView {
  target?: NodeView[] | undefined;
  guard?: unknown;
}

/** A readable name for a guard: `isSubmissionOf` is implied by the arrow, so it is left out. */
function guardName(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard === 'isSubmissionOf' ? undefined : guard;
  if (typeof guard === 'object' && 'type' in guard) {
    const type = String((guard as { type: unknown }).type);
    if (type === 'isSubmissionOf') return undefined;
    // A guard over a list of values (the decision's outcomes) names them.
    const params = (guard as { params?: unknown }).params;
    const values = typeof params === 'object' && params !== null ? Object.values(params).find(Array.isArray) : undefined;
    return values ? `${type} ${values.join(', ')}` : type;
  }
  if (typeof guard === 'function') {
    const parts = (guard as { guards?: unknown[] }).guards;
    const kind = (guard as { name?: string }).name;
    if (Array.isArray(parts)) {
      const names = parts.map(guardName).filter((name): name is string => Boolean(name));
      const joiner = kind === 'or' ? ' or ' : ' and ';
      return names.length ? (kind === 'not' ? `not ${names.join(joiner)}` : names.join(joiner)) : undefined;
    }
  }
  return undefined;
}

/** Mermaid ids cannot contain dots. */
const idOf = (node: NodeView) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function renderNode(node: NodeView, lines: string[], indent: string): void {
  const children = Object.values(node.states);
  for (const child of children) {
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state "${child.key} (sub-flow)" as ${idOf(child)} {`);
      renderNode(child, lines, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      const label = `${child.key}${child.meta?.returnable ? ' ↩' : ''}`;
      lines.push(`${indent}state "${label}" as ${idOf(child)}`);
    }
  }
  const initial = node.initial?.target[0];
  if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
  for (const child of children) {
    if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
    const transitions = [...child.transitions.values()].flat().concat(child.always ?? []);
    for (const transition of transitions) {
      for (const target of transition.target ?? []) {
        const guard = guardName(transition.guard);
        lines.push(`${indent}${idOf(child)} --> ${idOf(target)}${guard ? `: ${guard}` : ''}`);
      }
    }
  }
}

/** The Mermaid `stateDiagram-v2` of a process definition. */
export function diagramOf(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  renderNode(machine.root as unknown as NodeView, lines, '  ');
  return lines.join('\n');
}

export const DIAGRAMS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/processes');

/**
 * The Markdown of every process definition's diagram, by file; `more` adds a process's further
 * sections (the generated paths, tests/paths/process-docs.ts).
 */
export function expectedDiagrams(more: (id: ProcessDefinitionId) => string[] = () => []): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [id, machine] of Object.entries(PROCESS_DEFINITIONS) as [ProcessDefinitionId, AnyStateMachine][]) {
    const asked = askedStepsMarkdown(id);
    files[path.join(DIAGRAMS_DIR, `${id}.md`)] = [
      `# Process \`${id}\``,
      '',
      'Generated from `server/process/` by `npm run processes:diagrams`: do not edit. Each state is a',
      'task (a step folder in `src/steps/`); ↩ marks a task Back may return to; a sub-flow groups the',
      'steps of one part of the process.',
      '',
      '```mermaid',
      diagramOf(machine),
      '```',
      '',
      ...(asked
        ? [
            '## Steps asked, per domain and product',
            '',
            'Computed by walking the process with facts (`server/process/process-paths.ts`): the straight path',
            'of each product the domain offers, in order, with the steps asked only on some answers marked with',
            'them. Products of a domain that ask the same steps share one list.',
            '',
            asked,
          ]
        : []),
      ...more(id),
    ].join('\n');
  }
  return files;
}
