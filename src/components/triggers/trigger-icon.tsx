/** The Triggers section's icon (a lightning bolt), drawn like components/authoring/icons. */
export const TriggerIcon = ({ size = 18 }: { size?: number }) => (
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
    <path d="M13 2.5 4.5 13.5H12l-1 8 8.5-11H12l1-8z" />
  </svg>
);
