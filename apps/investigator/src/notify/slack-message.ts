import type { Notification } from './notification.js';

/** Escapes the three characters Slack's mrkdwn gives meaning to (`&`, `<`, `>`), so alert text cannot ping or link. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A notification as a Slack incoming-webhook payload: `text` (the fallback and the push notification)
 * and one section block, the alert's fields escaped; `link` (the console's address) makes the title a link.
 */
export function slackMessage(notification: Notification, link?: string): { text: string; blocks: unknown[] } {
  const { alert } = notification;
  const title = escapeMrkdwn(alert.title);
  const named =
    link === undefined ? `*${title}*` : `<${link}#/alerts/${encodeURIComponent(alert.id)}|${title}>`;
  const what =
    notification.type === 'alert.created'
      ? `New ${alert.severity} alert`
      : notification.type === 'alert.assigned'
        ? notification.assignee === null
          ? `Unassigned by ${escapeMrkdwn(notification.by)}`
          : `Assigned to ${escapeMrkdwn(notification.assignee)} by ${escapeMrkdwn(notification.by)}`
        : `Resolved as ${notification.conclusion.replace('_', ' ')} by ${escapeMrkdwn(notification.by)}: ${escapeMrkdwn(notification.reason)}`;
  const text = `${what}: ${title} (${alert.id})`;
  return {
    text,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${what}: ${named} \`${alert.id}\`` } }],
  };
}
