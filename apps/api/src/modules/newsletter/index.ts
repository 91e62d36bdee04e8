export { newsletterRoutes } from './routes';
export { deleteExpiredSubscriptions } from './delete-expired-subscriptions';
export { NEWSLETTER_TOKEN_LIFETIME_MS } from './subscribe-to-newsletter';
export { newsletterPeriodicTasks } from './jobs';
export { enqueueOptionalEmail, type OptionalEmail } from './enqueue-optional-email';
export { signUnsubscribeToken, verifyUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-tokens';
export { moveNewsletterSubscription } from './move-newsletter-subscription';
export { categoriesOf as emailCategoriesOf, setCategories as setEmailCategories } from './store';
