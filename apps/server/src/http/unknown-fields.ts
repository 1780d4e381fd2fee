import type { z } from 'zod';

/**
 * The first key of a request body that its schema does not know, with its path, or undefined.
 *
 * zod drops unknown keys, which is right for most input but wrong for a change: a PATCH or PUT
 * whose field was misspelled or wrapped (`{"user": {"email": …}}` where the body is flat) used to
 * answer 200 having changed nothing, and the caller believed it saved. So update
 * endpoints refuse what they would drop. Read from the schema's definition, so every update
 * endpoint, customer or provider, present or future, is covered.
 */
export function findUnknownField(schema: z.ZodType, value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const known = knownShape(schema);
  if (known === 'anything') return undefined;
  if (Array.isArray(value)) {
    if (!known.element) return undefined;
    for (const [index, item] of value.entries()) {
      const found = findUnknownField(known.element, item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (!known.fields) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const fieldSchemas = known.fields.get(key);
    if (!fieldSchemas) return [...path, key];
    // A key several union members know is unknown only if none of them knows what is inside it.
    const inner = fieldSchemas.map((fieldSchema) => findUnknownField(fieldSchema, item, [...path, key]));
    if (inner.every(Boolean)) return inner[0];
  }
  return undefined;
}

interface KnownShape {
  /** An object's keys and each key's schemas (several where union members share a key). */
  fields?: Map<string, z.ZodType[]>;
  /** An array's item schema. */
  element?: z.ZodType;
}

/** What keys a schema knows, through wrappers, pipes and unions; 'anything' where it accepts any key. */
function knownShape(schema: z.ZodType): KnownShape | 'anything' {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      // .catchall(z.unknown()) or a loose object takes any key; .strict() (catchall never) is zod's own refusal.
      if (catchall && (catchall as unknown as { _zod: { def: { type: string } } })._zod.def.type !== 'never') return 'anything';
      const shape = def.shape as Record<string, z.ZodType>;
      return { fields: new Map(Object.entries(shape).map(([key, field]) => [key, [field]])) };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return knownShape(def.innerType as z.ZodType);
    case 'pipe':
      return knownShape(def.in as z.ZodType);
    case 'lazy':
      return knownShape((def.getter as () => z.ZodType)());
    case 'array':
      return { element: def.element as z.ZodType };
    case 'union':
      return mergeShapes((def.options as z.ZodType[]).map(knownShape));
    case 'intersection':
      return mergeShapes([knownShape(def.left as z.ZodType), knownShape(def.right as z.ZodType)]);
    case 'record':
    case 'unknown':
    case 'any':
      return 'anything';
    default:
      // A scalar: a value of another type is the schema's own error, not an unknown key.
      return {};
  }
}

function mergeShapes(shapes: (KnownShape | 'anything')[]): KnownShape | 'anything' {
  if (shapes.includes('anything')) return 'anything';
  const fields = new Map<string, z.ZodType[]>();
  let element: z.ZodType | undefined;
  for (const shape of shapes as KnownShape[]) {
    for (const [key, schemas] of shape.fields ?? []) fields.set(key, [...(fields.get(key) ?? []), ...schemas]);
    element ??= shape.element;
  }
  return { fields: fields.size > 0 ? fields : undefined, element };
}
