/**
 * Changes to a class's roster made on many students at once (the admin's class page: assign to another class, move to
 * another class of the same grade, unassign), one request each, all or nothing.
 */

/** Students in one change: a class rarely has more than 40, and "select all" takes a whole roster. */
export const MAX_ROSTER_CHANGE = 200;

export const ROSTER_CHANGES = ['assign', 'move', 'unassign'] as const;
/** assign: the students also join the target class; move: they leave this class for the target; unassign: they leave it. */
export type RosterChange = (typeof ROSTER_CHANGES)[number];
