/**
 * The website forms' schemas, imported only through lazySchema (see use-form.ts): a visitor who
 * never touches a form never loads them, nor the validation library.
 */
export { ContactFormSchema, NewsletterSubscribeSchema } from '@landunits/domain';
