/** An analyst's comment on a case (Markdown, stored as written; the console renders it sanitized). */
export interface CaseComment {
  id: number;
  alertId: string;
  author: string;
  body: string;
  createdAt: Date;
}
