/**
 * The layers of docs/architecture.md, from the imports themselves: the picture there is current,
 * and no import points up a layer (which lint forbids file by file; this sees the whole).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_DOC, LAYERS, layerEdges, layerOf, layersDiagram, upwardEdges, withLayersDiagram } from '../support/layers-diagram';

describe('the layers', () => {
  const edges = layerEdges();

  it('have no arrow that points up', () => {
    expect(upwardEdges(edges)).toEqual([]);
  });

  it('are drawn in docs/architecture.md as they are (npm run docs:layers redraws them)', () => {
    const doc = readFileSync(ARCHITECTURE_DOC, 'utf8');
    expect(withLayersDiagram(doc, layersDiagram(edges))).toBe(doc);
  });

  it('name each file by its layer: the step kit and indexes are not steps, a step machine is a machine', () => {
    expect(layerOf('src/steps/_kit/use-contract-form.ts')).toBe('kit');
    expect(layerOf('src/steps/_generated/registry.gen.ts')).toBe('registry');
    expect(layerOf('src/steps/_generated/task-keys.ts')).toBe('contractsIndex');
    expect(layerOf('src/steps/submitAddress/contract.ts')).toBe('stepContracts');
    expect(layerOf('src/steps/submitAddress/view.tsx')).toBe('steps');
    expect(layerOf('src/steps/reviewApproved/offer.machine.ts')).toBe('machines');
    expect(layerOf('core/domain/offers.ts')).toBe('domain');
    expect(LAYERS.map((layer) => layer.id)).toContain('server');
  });

  it('would show an upward import: a kernel file importing a step is reported', () => {
    const withBackArrow = new Map(edges);
    withBackArrow.set('domain>steps', 1);
    expect(upwardEdges(withBackArrow)).toEqual(['domain>steps']);
  });
});
