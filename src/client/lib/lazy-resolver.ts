import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A form's zod resolver whose schema, zod itself and the resolver load when the form is first checked, not with the
 * screen it sits on (decision 0140). The dashboard's invitation and re-plan forms check with the server's own
 * schemas; built as the dashboard's modules were evaluated, those schemas and zod were about half of that work, on
 * every visit, for forms most visits never send. `preload` starts the download early (when he focuses the form), so
 * the check is usually ready by the time he presses the button.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.ZodType>,
): Resolver<T> & { preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const load = () => {
    if (!loading) {
      const attempt = Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
        ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
      );
      // A failed download is tried again at the next check rather than remembered.
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    let check: Resolver<T>;
    try {
      check = await load();
    } catch {
      // Without its schema (offline, or a deploy replaced the file) the form goes as typed: the server checks it
      // with the same schema, and the form shows the server's answer.
      return { values, errors: {} };
    }
    return check(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void load() });
}
