import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { lazyModule } from "./lazy-module.ts";

/**
 * A form's zod resolver whose schema, zod itself and the resolver load when the form is first checked, not with the
 * screen it sits on (decision 0140). The dashboard's invitation and re-plan forms check with the server's own
 * schemas; built as the dashboard's modules were evaluated, those schemas and zod were about half of that work, on
 * every visit, for forms most visits never send. `preload` starts the download early (when he focuses the form), so
 * the check is usually ready by the time he presses the button.
 */
export function lazyZodResolver<T extends FieldValues, Checked = T>(
  loadSchema: () => Promise<z.ZodType>,
): Resolver<T, unknown, Checked> & { preload: () => void } {
  const check = lazyModule(() =>
    Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T, unknown, Checked>,
    ),
  );
  const resolver: Resolver<T, unknown, Checked> = async (values, context, options) => {
    let resolve: Resolver<T, unknown, Checked>;
    try {
      resolve = await check.load();
    } catch {
      // Without its schema (offline, or a deploy replaced the file) the form goes as typed: the server checks it
      // with the same schema, and the form shows the server's answer.
      return { values: values as unknown as Checked, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: check.preload });
}
