/**
 * What this device has shown the student, for "new materials" on the to-do list: when each class's material list
 * was last opened, and the materials opened one by one since. Kept in localStorage per student (a new device
 * starts with nothing seen); losing it only makes recent materials show as new again.
 */
interface Seen {
  /** class id → ISO time its material list was last opened */
  classes: Record<string, string>;
  /** materials opened since their class's list was last opened */
  materials: { id: number; class_id: number }[];
}

const MAX_MATERIALS = 200;
const keyOf = (studentId: number) => `kelasku.seen.${studentId}`;

export function readSeen(studentId: number | undefined): Seen {
  const empty: Seen = { classes: {}, materials: [] };
  if (studentId === undefined) return empty;
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(studentId)) ?? 'null') as Partial<Seen> | null;
    return { classes: parsed?.classes ?? {}, materials: Array.isArray(parsed?.materials) ? parsed.materials : [] };
  } catch {
    return empty;
  }
}

function write(studentId: number, seen: Seen): void {
  try {
    localStorage.setItem(keyOf(studentId), JSON.stringify(seen));
  } catch {
    // storage full or blocked: the to-do list just shows more as new
  }
}

/** The class's material list is on screen: everything in it counts as seen from now. */
export function markClassOpened(studentId: number | undefined, classId: number, now = new Date()): void {
  if (studentId === undefined) return;
  const seen = readSeen(studentId);
  seen.classes[String(classId)] = now.toISOString();
  seen.materials = seen.materials.filter((m) => m.class_id !== classId);
  write(studentId, seen);
}

/** One material was opened. */
export function markMaterialOpened(studentId: number | undefined, material: { id: number; class_id: number }): void {
  if (studentId === undefined) return;
  const seen = readSeen(studentId);
  if (seen.materials.some((m) => m.id === material.id)) return;
  seen.materials = [...seen.materials, { id: material.id, class_id: material.class_id }].slice(-MAX_MATERIALS);
  write(studentId, seen);
}

/** Added after the student last opened its class on this device, and not opened itself. */
export function isNewMaterial(seen: Seen, m: { id: number; class_id: number; created_at: string }): boolean {
  if (seen.materials.some((s) => s.id === m.id)) return false;
  const opened = seen.classes[String(m.class_id)];
  return !opened || Date.parse(m.created_at) > Date.parse(opened);
}
