export {
  createNotifier,
  type DeliveryOutcome,
  type Notifier,
  type NotifierOptions,
} from './create-notifier.js';
export type { Notification, NotifiedAlert } from './notification.js';
export { notifierFromEnvironment } from './notifier-from-environment.js';
export { signPayload, verifyPayload } from './sign-payload.js';
export { slackMessage } from './slack-message.js';
