/** What the team is told about: a new high or critical alert, an assignment, a resolution. */
export type Notification =
  | { type: 'alert.created'; alert: NotifiedAlert }
  | { type: 'alert.assigned'; alert: NotifiedAlert; assignee: string | null; by: string }
  | { type: 'alert.resolved'; alert: NotifiedAlert; conclusion: string; reason: string; by: string };

/** The alert fields a notification carries (never the raw alert). */
export interface NotifiedAlert {
  id: string;
  title: string;
  severity: string;
}
