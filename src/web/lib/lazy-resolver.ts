/**
 * Form validation without zod in a page's first load: the forms keep validating with the
 * shared schemas of src/core/schemas (the server's rules and messages), but zod, the schema and
 * @hookform/resolvers arrive by dynamic import, started once the page has hydrated.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** A react-hook-form resolver whose schema loads on first use; `preload()` starts loading early. */
export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & {
  preload: () => void;
};

/**
 * `zodResolver(schema)` for the schema `loadSchema` imports, loaded (with @hookform/resolvers/zod)
 * on the first validation or `preload()` and kept; a failed load is retried on the next call.
 * Create it once per module and call `preload()` from the form's mount effect, so the first submit
 * does not wait for the download:
 *
 *   const resolver = lazyZodResolver(() => import('../../core/schemas/auth').then((m) => m.loginSchema));
 *   useEffect(() => resolver.preload(), []);
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  loadSchema: () => Promise<ZodType<TOutput, TInput>>,
): LazyResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver<TInput, unknown, TOutput>(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}
