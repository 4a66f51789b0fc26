/**
 * What time it is, as a dependency: services that decide by the time (expiry of pending gifts,
 * payout dates, what month a report covers) take a Clock, so a test sets the time by passing one
 * instead of faking the process's timers. SQL `now()` stays where the database's clock is the
 * point (rate-limit windows shared by every instance, row timestamps).
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at `at` (tests, scripts that replay a given day). */
export function fixedClock(at: Date | string): Clock {
  const time = new Date(at).getTime();
  return { now: () => new Date(time) };
}
