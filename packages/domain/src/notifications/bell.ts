/** The header bell's accessible name (no zod here: the bell is in the entry every page loads). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}
