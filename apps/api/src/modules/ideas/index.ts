export { ideaRoutes } from './routes';
export { seedDemoIdeas } from './seed-demo-ideas';
export { ideaAuthorOf } from './find-idea-author';
