import { cva, type VariantProps } from "class-variance-authority";
import { Loader2 } from "lucide-react";
import { cn } from "~/platform/ui/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 font-bold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-coral-600 text-white shadow-soft hover:bg-coral-700",
        secondary: "border-2 border-indigo-700 bg-white text-indigo-700 hover:bg-indigo-50",
        ghost: "text-indigo-700 hover:bg-indigo-50",
        ghostDanger: "text-danger hover:bg-danger-bg",
        /** On a dark band (indigo-800). */
        inverse: "border-2 border-white bg-transparent text-white hover:bg-indigo-700",
        destructive: "bg-danger text-white hover:bg-coral-700",
        dangerOutline: "border-2 border-danger bg-white text-danger hover:bg-danger-bg",
        /** The sandbox's stand-in for the payment provider's pages, which are not ours. */
        provider: "bg-indigo-700 text-white hover:bg-indigo-800",
      },
      shape: { pill: "rounded-full", rounded: "rounded-lg" },
      size: {
        sm: "h-9 px-4 text-sm",
        md: "h-11 px-5 text-base",
        lg: "h-13 px-7 text-lg",
        icon: "h-10 w-10",
      },
    },
    defaultVariants: { variant: "primary", size: "md", shape: "pill" },
  },
);

type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Shows a spinner and this text (e.g. 'Processando...', 'Criando...') and disables the button. */
    loading?: boolean;
    loadingText?: string;
  };

/** A button. A link that looks like one is `<Link className={buttonVariants(…)}>`. */
export function Button({ className, variant, size, shape, loading, loadingText, children, disabled, ...props }: ButtonProps) {
  return (
    <button
      className={cn(buttonVariants({ variant, size, shape }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <>
          <Loader2 className="animate-spin" size={18} strokeWidth={2} aria-hidden="true" />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
