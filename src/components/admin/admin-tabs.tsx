import { LinkTabs } from "@/components/ui/link-tabs";

export function AdminTabs({ current }: { current: "platforms" | "operators" }) {
  return (
    <LinkTabs
      label="Admin"
      tabs={[
        { href: "/admin", label: "Partner platforms", current: current === "platforms" },
        { href: "/admin/operators", label: "Operators", current: current === "operators" },
      ]}
    />
  );
}
