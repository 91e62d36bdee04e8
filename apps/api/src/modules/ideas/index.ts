export { ideaRoutes } from './routes';
export { seedDemoIdeas } from './seed-demo-ideas';
