export { apiDocsRoutes } from './routes';
