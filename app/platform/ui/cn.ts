import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not resolve conflicting Tailwind utilities (tailwind-merge costs
 * ~8 KB gzip on every page): components expose variants for what callers change, and a caller's
 * `className` only adds (docs/decisions/090-client-javascript.md).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
