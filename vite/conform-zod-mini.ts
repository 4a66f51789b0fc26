import type { Plugin } from "vite";

/**
 * In the browser build, `@conform-to/zod/v4` gets `zod/v4/mini` where it imports `zod/v4`
 * (docs/decisions/111-forms.md). It imports full Zod only to rebuild schemas for its automatic type
 * coercion, which we always turn off (`parseSubmission`); full Zod would add ~27 KB gzip to every
 * page with a form, Zod Mini's same four functions (lazy, optional, pipe, transform) almost nothing.
 * The server keeps full Zod.
 */
export function conformZodMini(): Plugin {
  return {
    name: "conform-zod-mini",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "zod/v4" || options?.ssr || !importer?.includes("/@conform-to/zod/")) return null;
      return this.resolve("zod/v4/mini", importer, { ...options, skipSelf: true });
    },
  };
}
