export { siteContentRoutes, ADMIN_IMPACT_PATH, PUBLIC_CACHE } from './routes';
export { seedSiteContent, SITE_CONTENT_SEEDED_NOTE } from './seed-site-content';
export {
  currentImpactMetrics,
  IMPACT_SETTINGS_KEY,
  InvalidStoredImpactError,
  loadImpactMetrics,
  updateImpactMetrics,
  type StoredImpactMetrics,
} from './impact-metrics';
export { currentSiteStatistics } from './site-statistics';
export { listNews, listNewsCategories, NEWS_MAX_PAGE, NEWS_MESSAGES } from './list-news';
export { listTeam } from './list-team';
export { currentReport, REPORT_FILENAME } from './report/report-2025';
export { onSiteContentChange } from './content-changes';
export { imageUrl, requireSiteImage } from './site-images';
export { siteContentChanged } from './content-changes';
