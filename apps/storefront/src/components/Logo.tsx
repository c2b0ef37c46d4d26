/** The Kapaas word mark with its cotton-boll sign; the text carries the name, the drawing is decoration. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <path d="M20 38V27" stroke="#6b7f4f" strokeWidth="2.5" strokeLinecap="round" />
        <path
          d="M20 31c-3-1-6-1-8 1m8-1c3-1 6-1 8 1"
          stroke="#6b7f4f"
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
        <g fill="#fffdf8" stroke="#0f766e" strokeWidth="1.6">
          <circle cx="13" cy="15" r="7" />
          <circle cx="27" cy="15" r="7" />
          <circle cx="20" cy="9.5" r="7" />
          <circle cx="20" cy="20.5" r="7.5" />
        </g>
      </svg>
      <span className="logo__word">Kapaas</span>
    </span>
  );
}
