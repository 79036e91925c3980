/** The shop's mark: a leaf in a green disc. */
export function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="16" fill="#1a7f43" />
      <path d="M9 22c0-8 5-13 15-13-.5 9-5.5 14-13 13" fill="#9be07a" />
      <path d="M9 22c3-4 6-6.5 10-8.5" stroke="#1a7f43" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}
