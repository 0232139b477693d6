const props = {
  width: 18,
  height: 18,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

/** Stacked conversation lines: the Sessions section. */
export const SessionsIcon = () => (
  <svg {...props}>
    <path d="M4 5h16v10H9l-5 4z" />
    <path d="M8 9h8" />
    <path d="M8 12h5" />
  </svg>
);

/** A speech bubble: the Chat section. */
export const ChatIcon = () => (
  <svg {...props}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
  </svg>
);

/** A gauge: the model budget setting. */
export const GaugeIcon = () => (
  <svg {...props}>
    <path d="M4 16a8 8 0 1 1 16 0" />
    <path d="M12 16l4-5" />
  </svg>
);

/** Three bars on a baseline: the Usage section. */
export const ChartIcon = () => (
  <svg {...props}>
    <path d="M4 20h16" />
    <path d="M7 16v-5" />
    <path d="M12 16V6" />
    <path d="M17 16v-8" />
  </svg>
);

/** Two people: the organization's members. */
export const PeopleIcon = () => (
  <svg {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
    <path d="M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </svg>
);

/** A list with bullets: the audit log. */
export const ListIcon = () => (
  <svg {...props}>
    <path d="M9 6h11" />
    <path d="M9 12h11" />
    <path d="M9 18h11" />
    <circle cx="4.5" cy="6" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="18" r="1" />
  </svg>
);

/** A tray with a check: the Approvals inbox. */
export const InboxIcon = () => (
  <svg {...props}>
    <path d="M4 13l2.5-8h11L20 13v6H4z" />
    <path d="M4 13h4.5l1 2h5l1-2H20" />
    <path d="M9.5 8.5l1.8 1.8 3.2-3.3" />
  </svg>
);
