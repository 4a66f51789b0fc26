import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/platform/ui/cn";

// Padding and background are variants, not classes a caller overrides: `cn` does not resolve
// conflicting utilities (docs/decisions/090-client-javascript.md).
const cardVariants = cva("rounded-2xl border border-coral-100 shadow-soft", {
  variants: {
    tone: { white: "bg-white", soft: "bg-coral-50" },
    padding: { sm: "p-4", md: "p-5", lg: "p-6" },
  },
  defaultVariants: { tone: "white", padding: "lg" },
});

export function Card({ className, tone, padding, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardVariants>) {
  return <div className={cn(cardVariants({ tone, padding }), className)} {...props} />;
}

export function CardTitle({ className, ...props }: React.ComponentProps<"h3">) {
  return <h3 className={cn("text-lg font-extrabold text-indigo-800", className)} {...props} />;
}
