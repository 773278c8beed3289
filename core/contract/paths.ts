/**
 * Dotted wire paths (`personUpdates.0.declaredData.firstName`): how a step contract says where a
 * field's value goes in the `application` part of a step submission (section 7), and how a server
 * field error comes back to the field.
 */
export type PathSegment = string | number;

/** `a.0.b` -> ['a', 0, 'b']: digit-only segments index arrays. */
export function parsePath(path: string): PathSegment[] {
  return path === '' ? [] : path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

export function joinPath(...parts: readonly (string | number | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== '').join('.');
}

function isContainer(value: unknown): value is Record<PathSegment, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The value at `path`, or undefined when any step of the way is missing. */
export function getAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (!isContainer(node) || !Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

/** Writes `value` at `path`, creating objects (or arrays, for a numeric next segment) on the way. */
export function setAt(root: Record<string, unknown>, path: readonly PathSegment[], value: unknown): void {
  let node: Record<PathSegment, unknown> = root;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = path[index + 1];
    if (!isContainer(node[segment])) node[segment] = typeof next === 'number' ? [] : {};
    node = node[segment] as Record<PathSegment, unknown>;
  });
}

/** Whether `path` is `prefix` or lies below it (`a.b` is under `a`, `ab` is not). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

/** Removes the value at `path` (nothing when it is not there); an emptied parent object stays. */
export function deleteAt(root: Record<string, unknown>, path: readonly PathSegment[]): void {
  const parent = getAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (last === undefined || typeof parent !== 'object' || parent === null || Array.isArray(parent)) return;
  delete (parent as Record<string, unknown>)[String(last)];
}
