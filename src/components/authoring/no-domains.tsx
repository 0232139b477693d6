import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { LayersIcon } from "@/components/ui/icons";

export function NoDomains() {
  return (
    <Card>
      <EmptyState icon={<LayersIcon size={22} />} title="No domains yet">
        Agents and connections belong to a domain. Ask an owner or admin of your organization to create the first one.
      </EmptyState>
    </Card>
  );
}
