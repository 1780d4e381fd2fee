import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorBuilder = NonNullable<CompilersFactory['buildValidator']>;
type SerializerBuilder = NonNullable<CompilersFactory['buildSerializer']>;
type RouteSerializer = (data: unknown) => string;

// Resolved from Fastify's own folder: the compilers are its dependencies, not ours.
const fromFastify = () => createRequire(createRequire(import.meta.url).resolve('fastify'));

/**
 * Fastify's own validator builder (Ajv with ajv-formats, about 600 KB of source), loaded the first time a route brings
 * a JSON Schema to validate. The contract's zod schemas validate every request of ours (http/validation.ts), so at
 * start nothing does, and the server neither reads nor keeps it (issue 34: an instance's start and idle memory).
 * Fastify calls the builder only when it compiles a route's validation schema.
 */
// Cast: Fastify types the builder as a union of Ajv's and JTD's overloads; the selector's builder is that same function.
export const buildValidatorOnFirstUse = ((externalSchemas: unknown, ajvOptions: unknown) => {
  const ValidatorSelector = fromFastify()('@fastify/ajv-compiler') as () => (externalSchemas: unknown, ajvOptions: unknown) => unknown;
  return ValidatorSelector()(externalSchemas, ajvOptions);
}) as ValidatorBuilder;

/**
 * Fastify's serializer builder (fast-json-stringify, which brings Ajv's formats: about 750 KB of source), loaded, and a
 * route's serializer compiled, when that route first answers. Fastify compiles every response schema when the server
 * starts; ours are the few lists that serialize by schema (register-endpoints.ts), which an instance may not serve for a
 * while, and each compile is generated code the instance would keep (issue 34: start-up CPU and idle memory).
 */
// Cast: Fastify's type names the route's schema as its own options object; the selector's builder takes that same object.
export const buildSerializerOnFirstUse = ((externalSchemas: unknown, serializerOptions: unknown) => {
  let buildRouteSerializer: ((routeSchema: unknown) => RouteSerializer) | undefined;
  return (routeSchema: unknown): RouteSerializer => {
    let serialize: RouteSerializer | undefined;
    return (data) => {
      if (!serialize) {
        if (!buildRouteSerializer) {
          const SerializerSelector = fromFastify()('@fastify/fast-json-stringify-compiler') as () => (
            externalSchemas: unknown,
            serializerOptions: unknown,
          ) => (routeSchema: unknown) => RouteSerializer;
          buildRouteSerializer = SerializerSelector()(externalSchemas, serializerOptions);
        }
        serialize = buildRouteSerializer(routeSchema);
      }
      return serialize(data);
    };
  };
}) as unknown as SerializerBuilder;
