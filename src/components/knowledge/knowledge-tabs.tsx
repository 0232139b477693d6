import { LinkTabs } from "@/components/ui/link-tabs";

/** Knowledge has two lists: the bases that hold articles, and the modules that group them. */
export function KnowledgeTabs({ current }: { current: "bases" | "modules" }) {
  return (
    <LinkTabs
      label="Knowledge"
      tabs={[
        { href: "/knowledge", label: "Bases and articles", current: current === "bases" },
        { href: "/knowledge/modules", label: "Modules", current: current === "modules" },
      ]}
    />
  );
}
