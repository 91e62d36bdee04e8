/** The server-rendered public pages, robots.txt, the sitemap and the API's own 404. */
export { apiOnlyNotFound, siteRoutes } from './routes';
