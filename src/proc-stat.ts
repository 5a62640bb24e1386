/**
 * The fields of a /proc/<pid>/stat (or task/<tid>/stat) line from the 3rd, the state, on: the
 * command before them is in parentheses and may itself hold spaces and parentheses, so the split
 * starts after the last ")". Field n of proc(5) is at index n − 3.
 */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
