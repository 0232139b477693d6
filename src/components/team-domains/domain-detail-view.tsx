"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import { Alert } from "@/components/ui/alert";
import { AddMemberForm } from "./add-member-form";
import { ArchiveCard } from "./archive-card";
import { MembersTable } from "./members-table";
import { RenameDomainForm } from "./rename-domain-form";
import styles from "./team-domains.module.css";

/** One domain: its members for whoever may see them; name, members and archiving for those who manage it. */
export function DomainDetailView({ domainId }: { domainId: string }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.teamDomains.listMembers.queryOptions({ domainId }));
  if (members.isError) {
    return (
      <Alert tone="error" title="The domain could not be loaded">
        {errorMessage(members.error)}
      </Alert>
    );
  }
  if (!members.data) return <p>Loading the domain…</p>;
  const { domain, candidates } = members.data;
  const editable = domain.canManage && !domain.archivedAt;
  return (
    <div className={styles.stack}>
      {domain.archivedAt ? (
        <Alert tone="warning" title="This domain is archived">
          It is read-only and left out of every list and picker.{" "}
          {domain.canManage ? "Restore it to change it again." : "An Owner or Admin can restore it."}
        </Alert>
      ) : null}
      {!domain.canManage ? (
        <Alert tone="warning">
          You can see who is in this domain. Organization Owners and Admins and the domain&apos;s Owners manage it.
        </Alert>
      ) : null}
      {editable ? <RenameDomainForm domain={domain} /> : null}
      <MembersTable domainId={domain.id} domainName={domain.name} members={members.data.members} editable={editable} />
      {editable && candidates.length ? <AddMemberForm domainId={domain.id} candidates={candidates} /> : null}
      {domain.canManage ? <ArchiveCard domain={domain} /> : null}
    </div>
  );
}
