import type { CaptureContext } from './context.ts'

/** The time the copy gives what the service shows no time for (as organizations already do). */
export const UNKNOWN_TIME = new Date(0).toISOString()

/**
 * The service's value when it is one the table allows, else `fallback`. The SDK types many
 * enumerations as plain strings (the contract gives their values by example), the tables as
 * their closed sets: this is where one becomes the other, without a cast.
 */
export function oneOf<const T extends string>(options: readonly T[], value: string | undefined, fallback: T): T {
  return options.find((option) => option === value) ?? fallback
}

/**
 * A time a record requires but the SDK marks optional: the service's value, else `fallback` (a
 * related time the copy knows), counted as a placeholder of `field` so the summary says so.
 */
export function timeOr(ctx: CaptureContext, field: string, value: string | undefined, fallback: string): string {
  if (value !== undefined) return value
  ctx.placeholder(field, 'a related time (or 1970-01-01): the service did not show this one')
  return fallback
}
