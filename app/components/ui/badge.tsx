import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "~/platform/ui/cn";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full px-3 text-xs font-bold", {
  variants: {
    /** A ribbon sits on a card's edge (the plans' "Mais Popular"). */
    shape: { pill: "py-0.5", ribbon: "py-1 shadow-soft" },
    tone: {
      paid: "bg-paid-bg text-paid",
      pending: "bg-pending-bg text-pending",
      danger: "bg-danger-bg text-danger",
      brand: "bg-coral-100 text-coral-700",
      info: "bg-indigo-100 text-indigo-800",
      brandSolid: "bg-coral-600 text-white",
      infoSolid: "bg-indigo-700 text-white",
    },
  },
  defaultVariants: { tone: "brand", shape: "pill" },
});

export function Badge({ className, tone, shape, ...props }: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone, shape }), className)} {...props} />;
}

/** Donation status badge: green for paga, yellow (pending style) otherwise (product-spec §2). */
export function DonationStatusBadge({ status }: { status: string }) {
  return <Badge tone={status === "paga" ? "paid" : "pending"}>{status}</Badge>;
}
