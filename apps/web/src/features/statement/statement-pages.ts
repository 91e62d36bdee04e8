/** The documents page (statement, current value, impact certificate), in one lazy chunk (see app/page-modules.ts). */
export { StatementPage } from './statement-page';
