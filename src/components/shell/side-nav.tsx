"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { AgentIcon, LibraryIcon, LinkIcon, PlugIcon } from "@/components/authoring/icons";
import { ApprovalsBadge } from "@/components/approvals/approvals-badge";
import { FlowIcon } from "@/components/flows/flow-icon";
import { TriggerIcon } from "@/components/triggers/trigger-icon";
import { BookIcon, BuildingIcon, KeyIcon, OverviewIcon, TerminalIcon } from "@/components/ui/icons";
import { ChartIcon, ChatIcon, GaugeIcon, InboxIcon, ListIcon, PeopleIcon, SessionsIcon } from "./nav-icons";
import { NavPending } from "./navigation-progress";
import styles from "./shell.module.css";

type TNavItem = {
  href: string | ((path: string) => string);
  label: string;
  icon: ReactNode;
  matches: (path: string) => boolean;
  /** A live count beside the label (the approvals waiting for me). */
  badge?: ReactNode;
};

/**
 * Domain-scoped pages live under /domains/<id>/<section>; /agents and /connections redirect to
 * a default domain. From inside a domain, the links stay in that domain.
 */
const inDomainSection = (section: string) => (path: string) =>
  path === `/${section}` || new RegExp(`^/domains/[^/]+/${section}(/|$)`).test(path);
const domainHref = (section: string) => (path: string) => {
  const domainId = /^\/domains\/([^/]+)/.exec(path)?.[1];
  return domainId ? `/domains/${domainId}/${section}` : `/${section}`;
};

const SECTIONS: Array<{ title: string; items: TNavItem[] }> = [
  {
    title: "Workspace",
    items: [
      { href: "/", label: "Overview", icon: <OverviewIcon />, matches: (path) => path === "/" },
      { href: "/sessions", label: "Sessions", icon: <SessionsIcon />, matches: (path) => path.startsWith("/sessions") },
      { href: "/chat", label: "Chat", icon: <ChatIcon />, matches: (path) => path.startsWith("/chat") },
      {
        href: "/approvals",
        label: "Approvals",
        icon: <InboxIcon />,
        matches: (path) => path.startsWith("/approvals"),
        badge: <ApprovalsBadge />,
      },
      { href: "/usage", label: "Usage", icon: <ChartIcon />, matches: (path) => path.startsWith("/usage") },
    ],
  },
  {
    title: "Build",
    items: [
      { href: domainHref("agents"), label: "Agents", icon: <AgentIcon />, matches: inDomainSection("agents") },
      { href: "/flows", label: "Flows", icon: <FlowIcon />, matches: (path) => path.startsWith("/flows") },
      { href: "/triggers", label: "Triggers", icon: <TriggerIcon />, matches: (path) => path.startsWith("/triggers") },
      {
        href: "/integrations",
        label: "Integrations",
        icon: <PlugIcon />,
        matches: (path) => path.startsWith("/integrations"),
      },
      {
        href: domainHref("connections"),
        label: "Connections",
        icon: <LinkIcon />,
        matches: inDomainSection("connections"),
      },
      {
        href: "/knowledge",
        label: "Knowledge",
        icon: <LibraryIcon />,
        matches: (path) => path.startsWith("/knowledge"),
      },
    ],
  },
  {
    title: "Team",
    items: [
      {
        href: "/settings/members",
        label: "Members",
        icon: <PeopleIcon />,
        matches: (path) => path.startsWith("/settings/members"),
      },
      {
        href: "/settings/domains",
        label: "Domains",
        icon: <BuildingIcon />,
        matches: (path) => path.startsWith("/settings/domains"),
      },
      {
        href: "/settings/audit",
        label: "Audit log",
        icon: <ListIcon />,
        matches: (path) => path.startsWith("/settings/audit"),
      },
      {
        href: "/settings/account",
        label: "Your account",
        icon: <KeyIcon />,
        matches: (path) => path.startsWith("/settings/account"),
      },
    ],
  },
  {
    title: "Developers",
    items: [
      {
        href: "/settings/api-keys",
        label: "API keys",
        icon: <KeyIcon />,
        matches: (path) => path.startsWith("/settings/api-keys"),
      },
      {
        href: "/settings/budget",
        label: "Model budget",
        icon: <GaugeIcon />,
        matches: (path) => path.startsWith("/settings/budget"),
      },
      {
        href: "/settings/webhook-endpoints",
        label: "Webhook endpoints",
        icon: <LinkIcon />,
        matches: (path) => path.startsWith("/settings/webhook-endpoints"),
      },
      {
        href: "/developer",
        label: "Developer",
        icon: <TerminalIcon />,
        matches: (path) => path.startsWith("/developer"),
      },
      {
        href: "/reference/v1",
        label: "API reference",
        icon: <BookIcon />,
        matches: (path) => path.startsWith("/reference"),
      },
    ],
  },
];

/** Shown to instance operators only (the procedures behind it refuse everyone else anyway). */
const OPERATOR_SECTION = {
  title: "Instance",
  items: [
    { href: "/admin", label: "Admin", icon: <BuildingIcon />, matches: (path: string) => path.startsWith("/admin") },
  ],
};

/** Shown to a partner's customers: what the partner enabled, sessions shared with its support, and the assistant webhooks' deliveries. */
const PARTNER_SECTION = {
  title: "Partner",
  items: [
    {
      href: "/settings/partner",
      label: "Partner",
      icon: <LinkIcon />,
      matches: (path: string) => path.startsWith("/settings/partner"),
    },
    {
      href: "/settings/webhooks",
      label: "Webhooks",
      icon: <TerminalIcon />,
      matches: (path: string) => path.startsWith("/settings/webhooks"),
    },
  ],
};

export function SideNav({
  isInstanceOperator = false,
  hasPartner = false,
}: {
  isInstanceOperator?: boolean;
  hasPartner?: boolean;
}) {
  const pathname = usePathname() ?? "/"; // null only under the Pages Router, which renders no page here
  const sections: Array<{ title: string; items: TNavItem[] }> = [
    ...SECTIONS,
    ...(hasPartner ? [PARTNER_SECTION] : []),
    ...(isInstanceOperator ? [OPERATOR_SECTION] : []),
  ];
  return (
    <nav className={styles.sideNav} aria-label="Console">
      {sections.map((section) => (
        <div key={section.title} className={styles.navSection}>
          <p className={styles.navHeading}>{section.title}</p>
          <ul className={styles.navList}>
            {section.items.map((item) => {
              const active = item.matches(pathname);
              const href = typeof item.href === "string" ? item.href : item.href(pathname);
              return (
                <li key={item.label}>
                  <Link
                    href={href}
                    className={`${styles.navLink} ${active ? styles.navLinkActive : ""}`}
                    aria-current={active ? "page" : undefined}
                  >
                    {item.icon}
                    {item.label}
                    {item.badge}
                    <NavPending />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
