import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { UsersIcon } from "@/components/ui/icons";

/** Domain content is visible to the domain's members only. */
export function NotMember({ domainName, what }: { domainName: string; what: string }) {
  return (
    <Card>
      <EmptyState icon={<UsersIcon />} title={`You are not a member of ${domainName}`}>
        {`Only members of a domain can see its ${what}. Ask an owner of ${domainName} to add you, or pick another domain.`}
      </EmptyState>
    </Card>
  );
}
