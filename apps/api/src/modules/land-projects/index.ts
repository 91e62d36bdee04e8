export { landProjectRoutes } from './routes';
export { seedDemoProjects } from './seed-demo-projects';
export { landProjectTotals } from './project-totals';
