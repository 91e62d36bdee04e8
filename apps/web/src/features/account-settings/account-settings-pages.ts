/** The password, subscriptions and unsubscribe pages, in one lazy chunk (see app/page-modules.ts). */
export { ChangePasswordPage } from './change-password-page';
export { SubscriptionsPage } from './subscriptions-page';
export { UnsubscribePage } from './unsubscribe-page';
