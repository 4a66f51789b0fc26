import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { cn } from "~/platform/ui/cn";

const alertVariants = cva("flex gap-3 rounded-xl border p-4 text-sm", {
  variants: {
    tone: {
      success: "border-paid/30 bg-paid-bg text-ink [&_svg]:text-paid",
      danger: "border-danger/30 bg-danger-bg text-ink [&_svg]:text-danger",
      info: "border-indigo-100 bg-indigo-50 text-ink [&_svg]:text-indigo-700",
    },
  },
  defaultVariants: { tone: "info" },
});

const ICONS = { success: CircleCheck, danger: CircleAlert, info: Info };

/**
 * A message inside the page (not a toast), so it works without JavaScript. Errors are announced
 * at once (role="alert"); other tones politely (role="status").
 */
export function Alert({
  tone,
  title,
  children,
  className,
  ...props
}: Omit<React.ComponentProps<"div">, "title"> & VariantProps<typeof alertVariants> & { title: React.ReactNode }) {
  const Icon = ICONS[tone ?? "info"];
  return (
    <div role={tone === "danger" ? "alert" : "status"} className={cn(alertVariants({ tone }), className)} {...props}>
      <Icon size={20} strokeWidth={2} aria-hidden="true" className="mt-0.5 shrink-0" />
      <div className="min-w-0">
        <p className="font-extrabold text-indigo-900">{title}</p>
        {children ? <div className="mt-1 text-ink">{children}</div> : null}
      </div>
    </div>
  );
}
