export { userAdminRoutes } from './routes';
