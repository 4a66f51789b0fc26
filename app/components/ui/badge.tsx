import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/lib/utils";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-3 py-0.5 text-xs font-bold", {
  variants: {
    tone: {
      paid: "bg-paid-bg text-paid",
      pending: "bg-pending-bg text-pending",
      danger: "bg-danger-bg text-danger",
      brand: "bg-coral-100 text-coral-700",
      info: "bg-indigo-100 text-indigo-800",
    },
  },
  defaultVariants: { tone: "brand" },
});

export function Badge({ className, tone, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

/** Donation status badge: green for paga, yellow (pending style) otherwise (product-spec §2). */
export function DonationStatusBadge({ status }: { status: string }) {
  return <Badge tone={status === "paga" ? "paid" : "pending"}>{status}</Badge>;
}
