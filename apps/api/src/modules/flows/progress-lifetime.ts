/**
 * A saved progress lasts 2000 minutes after its last change (decision 0007: the spec's "2000,
 * unit not shown"); the site remembers a progress id for the same time.
 */
export const PROGRESS_LIFETIME_MINUTES = 2000;

/** When a progress changed at `now` expires. */
export const lifetimeEnd = (now: Date) => new Date(now.getTime() + PROGRESS_LIFETIME_MINUTES * 60_000);
