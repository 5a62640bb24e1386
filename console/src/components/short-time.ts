/** A moment, short: "28 Nov, 14:05" in the operator's locale and time zone (lists of leads, imports). */
export const shortTime = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
