export { adminsRoutes } from './routes';
