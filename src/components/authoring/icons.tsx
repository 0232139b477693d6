import type { ReactNode } from "react";

/** Icons of the authoring sections, drawn like components/ui/icons (inline 24-unit strokes). */
function Icon({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const AgentIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 4v4" />
    <circle cx="12" cy="3.5" r="1" />
    <path d="M9 13v1.5M15 13v1.5" />
    <path d="M2 13v3M22 13v3" />
  </Icon>
);

export const PlugIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M9 2v6M15 2v6" />
    <path d="M6 8h12v3a6 6 0 0 1-12 0z" />
    <path d="M12 17v5" />
  </Icon>
);

export const LinkIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

export const LibraryIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z" />
    <path d="M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z" />
  </Icon>
);
