/** The Flows section's icon, drawn like components/authoring/icons (24-unit strokes). */
export const FlowIcon = ({ size = 18 }: { size?: number }) => (
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
    <rect x="8" y="2.5" width="8" height="5" rx="1.5" />
    <rect x="2.5" y="16.5" width="8" height="5" rx="1.5" />
    <rect x="13.5" y="16.5" width="8" height="5" rx="1.5" />
    <path d="M12 7.5v4M6.5 16.5v-2.5a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v2.5" />
  </svg>
);
