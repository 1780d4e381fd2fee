import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type ValidatorBuilder = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;

/**
 * Fastify's own validator builder (Ajv with ajv-formats, about 600 KB of source), loaded the first time a route brings
 * a JSON Schema to validate. The contract's zod schemas validate every request of ours (http/validation.ts), so at
 * start nothing does, and the server neither reads nor keeps it (issue 34: an instance's start and idle memory).
 * Fastify calls the builder only when it compiles a route's validation schema.
 */
// Cast: Fastify types the builder as a union of Ajv's and JTD's overloads; the selector's builder is that same function.
export const buildValidatorOnFirstUse = ((externalSchemas: unknown, ajvOptions: unknown) => {
  // Resolved from Fastify's own folder: the compiler is its dependency, not ours.
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const ValidatorSelector = fromFastify('@fastify/ajv-compiler') as () => (externalSchemas: unknown, ajvOptions: unknown) => unknown;
  return ValidatorSelector()(externalSchemas, ajvOptions);
}) as ValidatorBuilder;
