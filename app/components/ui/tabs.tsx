import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "~/lib/utils";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn("inline-flex flex-wrap gap-1 rounded-2xl bg-sand p-1", className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "rounded-xl px-4 py-2 text-sm font-bold text-muted data-[state=active]:bg-white data-[state=active]:text-indigo-800 data-[state=active]:shadow-soft",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-6", className)} {...props} />;
}

/** Link-styled tabs for tabs that live in the URL (work without JavaScript). */
export function tabLinkClass(active: boolean) {
  return cn(
    "rounded-xl px-4 py-2 text-sm font-bold",
    active ? "bg-white text-indigo-800 shadow-soft" : "text-muted hover:text-indigo-800",
  );
}
