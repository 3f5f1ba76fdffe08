/**
 * Marks of the sign-in providers, drawn for this product (no external images): recognisable
 * shapes and colours, simplified.
 */
export function GoogleMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      strokeWidth="3.6"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path d="M17.3 6.7A7.5 7.5 0 0 0 5.86 7.7" stroke="#ea4335" />
      <path d="M5.86 7.7A7.5 7.5 0 0 0 6.25 16.82" stroke="#fbbc05" />
      <path d="M6.25 16.82A7.5 7.5 0 0 0 16.82 17.75" stroke="#34a853" />
      <path d="M16.82 17.75A7.5 7.5 0 0 0 19.5 12" stroke="#4285f4" />
      <path d="M12.2 12H21.3" stroke="#4285f4" />
    </svg>
  );
}

export function AppleMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="12 9.5 26 29"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path d="M25 19.5C21.5 16.5 14 16.8 14 25C14 31.5 18 37 21 37C22.7 37 23.3 36.2 25 36.2C26.7 36.2 27.3 37 29 37C32 37 36 31.5 36 25C36 16.8 28.5 16.5 25 19.5Z" />
      <path d="M25 17.5C25 13.5 27.5 11 31.5 11C31.5 15 29 17.5 25 17.5Z" />
    </svg>
  );
}

export function FacebookMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <circle cx="12" cy="12" r="11" fill="#ffffff" />
      <path
        d="M13.4 23V14.3H16.2L16.6 11H13.4V8.9C13.4 8 13.7 7.3 15 7.3H16.7V4.4C16.4 4.3 15.4 4.2 14.3 4.2C11.8 4.2 10.1 5.7 10.1 8.5V11H7.3V14.3H10.1V23Z"
        fill="#1877f2"
      />
    </svg>
  );
}
