/**
 * The website forms' schemas, imported only through lazySchema (see form-schema.ts): a visitor who
 * never touches a form never loads them, nor the validation library.
 */
export { ContactFormSchema, NewsletterSubscribeSchema } from '@landunits/domain';
