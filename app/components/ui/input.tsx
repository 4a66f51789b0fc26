import { cn } from "~/platform/ui/cn";

const fieldControlClass =
  "w-full rounded-xl border border-coral-200 bg-white px-4 py-2.5 text-ink placeholder:text-muted/80 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 aria-[invalid=true]:border-danger disabled:opacity-60";

/** `emphasis`: a larger, bold value (the amount a donor types). */
export function Input({ className, emphasis, ...props }: React.ComponentProps<"input"> & { emphasis?: boolean }) {
  return <input className={cn(fieldControlClass, "h-11", emphasis ? "text-lg font-bold" : "text-base", className)} {...props} />;
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldControlClass, "min-h-24 text-base", className)} {...props} />;
}

/** A native select: works without JavaScript, keyboard and screen readers for free. */
export function Select({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        fieldControlClass,
        "h-11 appearance-none text-base bg-[length:1rem] bg-[right_1rem_center] bg-no-repeat pr-10",
        className,
      )}
      style={{
        backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%232a2340' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`,
      }}
      {...props}
    >
      {children}
    </select>
  );
}

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("mb-1.5 block text-sm font-bold text-ink", className)} {...props} />;
}
